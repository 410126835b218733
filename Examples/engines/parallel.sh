#!/usr/bin/env bash
# GNU parallel across two "hosts": two ssh logins (127.0.0.2 and 127.0.0.3, both this
# machine's loopback) served by a private sshd started for the run, so every block of
# records really travels over ssh to a remote `icukit` and back. `parallel --pipe
# --keep-order` cuts stdin into blocks at line ends, sends each to a host, and writes
# the results in input order; the script checks them against one single process.
#
#   Examples/engines/parallel.sh ICUKIT_BINARY RECORDS.jsonl
#
# Needs: parallel (Debian `parallel`), sshd (Debian `openssh-server`), ssh-keygen. Run as
# a user who may start sshd on port 2222 (root here); nothing outside a temp directory is
# touched and the sshd is stopped at exit.
set -euo pipefail
icukit="$(realpath "${1:?usage: parallel.sh ICUKIT_BINARY RECORDS.jsonl}")"
records="$(realpath "${2:?usage: parallel.sh ICUKIT_BINARY RECORDS.jsonl}")"
here="$(cd "$(dirname "$0")" && pwd)"
for tool in parallel /usr/sbin/sshd ssh ssh-keygen; do
    command -v "$tool" >/dev/null || { echo "parallel.sh: $tool is missing (apt-get install parallel openssh-server)" >&2; exit 69; }
done

work=$(mktemp -d)
cleanup() { [ -f "$work/sshd.pid" ] && kill "$(cat "$work/sshd.pid")" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
ssh-keygen -q -t ed25519 -N '' -f "$work/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$work/user_key"
mkdir -p /run/sshd
cat > "$work/sshd_config" <<CONF
Port 2222
ListenAddress 127.0.0.2
ListenAddress 127.0.0.3
HostKey $work/host_key
AuthorizedKeysFile $work/user_key.pub
PidFile $work/sshd.pid
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
MaxStartups 64
MaxSessions 64
CONF
/usr/sbin/sshd -f "$work/sshd_config"
cat > "$work/ssh_config" <<CONF
Host icukit-host-a
    HostName 127.0.0.2
Host icukit-host-b
    HostName 127.0.0.3
Host icukit-host-*
    Port 2222
    User $(id -un)
    IdentityFile $work/user_key
    StrictHostKeyChecking no
    UserKnownHostsFile /dev/null
    LogLevel ERROR
    ControlMaster auto
    ControlPath $work/cm-%h
    ControlPersist 60
CONF
for _ in $(seq 50); do ssh -F "$work/ssh_config" icukit-host-a true 2>/dev/null && break; sleep 0.1; done
ssh -F "$work/ssh_config" icukit-host-b true

cores=$(nproc)
records_count=$(wc -l < "$records")
block=$(( $(wc -c < "$records") / 8 + 1 )); [ "$block" -lt 1048576 ] && block=1048576
names=(segment normalize language transliterate)
commands=("segment --by word --format count --jsonl" "normalize --form nfkc-casefold --jsonl" "language --jsonl"
          "transliterate 'Any-Latin; Latin-ASCII' --jsonl")
now() { date +%s.%N; }
for i in "${!names[@]}"; do
    name=${names[$i]}; cmd="$icukit ${commands[$i]}"
    t0=$(now); eval "$cmd --jobs 1" < "$records" > "$work/single.out"; t1=$(now)
    eval "$cmd --jobs $cores" < "$records" > "$work/jobs.out"; t2=$(now)
    # -j 1 per host (each "host" is one of this machine's cores), blocks cut at line ends
    # (four per host, at least 1 MB: each block pays an ssh session and an icukit start),
    # results in input order.
    parallel --pipe --keep-order --block "$block" -j1 --ssh "ssh -F $work/ssh_config" \
        -S icukit-host-a,icukit-host-b "$cmd --jobs 1" < "$records" > "$work/parallel.out"
    t3=$(now)
    cmp -s "$work/single.out" "$work/parallel.out" || { echo "parallel $name: output differs from the single process" >&2; exit 1; }
    cmp -s "$work/single.out" "$work/jobs.out" || { echo "--jobs $name: output differs from --jobs 1" >&2; exit 1; }
    python3 - "$name" "$records_count" "$t0" "$t1" "$t2" "$t3" "$cores" <<'PY'
import sys
name, n, t0, t1, t2, t3, cores = sys.argv[1], int(sys.argv[2]), *map(float, sys.argv[3:7]), sys.argv[7]
single, jobs, par = t1 - t0, t2 - t1, t3 - t2
print(f"parallel {name:14} {n:>8} records  {par:6.2f} s  {n / par:>9.0f} rec/s  single process {single:5.2f} s (x{single / par:4.2f})  --jobs {cores} {jobs:5.2f} s  OK", flush=True)
PY
done
