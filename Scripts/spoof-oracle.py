#!/usr/bin/env python3
# Compares `icukit spoof check|skeleton|confusable` with ICU's own answers through PyICU
# (Debian python3-icu, ICU 72): run /usr/bin/python3 Scripts/spoof-oracle.py after swift build.
# Prints each difference and the count (0 expected).
import icu, json, subprocess, sys
import os
B = os.environ.get('ICUKIT', os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '.build', 'debug', 'icukit'))
ids = ["paypal","раураl","pаypal","Сirсle","Circle","scope","ѕсоре","ｇｏｏｇｌｅ","google","rn","m","abc日本語カタカナひらがな",
 "abc中文ㄅㄆ","abc한국어漢字","abcहिन्दी","abcعربي","abcабв","abcαβγ","русскийελληνικά","abc\u16a0","a1\u09e8","\u09e7\u09e8",
 "a\u0301\u0301","a\u0301b\u0301","i\u0307","pay\u200bpal","café","cafe\u0301","Ελληνικά","עברית","ไทย","日本語","user_123",
 "ℌello","l1Il","0O","ꓑaypal","x\u0308\u0308","١٢٣abc","٠١٢۳","ǆ","ﬁle","𝐩𝐚𝐲𝐩𝐚𝐥","аррӏе","apple", "", "a-b.c"]
out = subprocess.run([B,'spoof','check','--jsonl'], input='\n'.join(json.dumps(s) for s in ids)+'\n', capture_output=True, text=True).stdout.splitlines()
sk = subprocess.run([B,'spoof','skeleton','--jsonl'], input='\n'.join(json.dumps(s) for s in ids)+'\n', capture_output=True, text=True).stdout.splitlines()
sc = icu.SpoofChecker()
names = {16:'restrictionLevel',32:'invisible',64:'allowedCharacters',128:'mixedNumbers',256:'hiddenOverlay'}
bad = 0
nonblank = ids
assert len(out) == len(nonblank) == len(sk), (len(out), len(nonblank), len(sk))
for s, line, skl in zip(nonblank, out, sk):
    r = json.loads(line); k = json.loads(skl)
    bits = sc.check(s)
    expected = [names[b] for b in sorted(names) if bits & b]
    ok = r['failures'] == expected and r['passed'] == (bits == 0) and k['skeleton'] == sc.getSkeleton(0, s)
    if not ok: bad += 1; print('DIFF', repr(s), r, expected, k['skeleton'], sc.getSkeleton(0,s))
pairs = [("paypal","раураl"),("scope","ѕсоре"),("rn","m"),("cat","dog"),("Circle","Сirсle"),("apple","аррӏе"),("paypal","𝐩𝐚𝐲𝐩𝐚𝐥"),("google","ｇｏｏｇｌｅ"),("l1","Il"),("0O","OO"),("file","ﬁle"),("paypal","ꓑaypal")]
kindn = {1:'singleScript',2:'mixedScript',4:'wholeScript'}
for a,b in pairs:
    r = json.loads(subprocess.run([B,'spoof','confusable',a,b], capture_output=True, text=True).stdout)
    bits = sc.areConfusable(a,b)
    exp = [kindn[x] for x in (1,2,4) if bits & x]
    if r['kinds'] != exp or r['confusable'] != (bits != 0): bad += 1; print('DIFF', a, b, r, exp)
print('identifiers', len(nonblank), 'pairs', len(pairs), 'differences', bad)
sys.exit(1 if bad else 0)
