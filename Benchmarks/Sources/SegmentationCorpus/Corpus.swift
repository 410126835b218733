// Real prose per script, written for these benchmarks: a few paragraphs each, repeated to
// 1 MiB. Each paragraph is a list of sentences, so that the same material also gives the
// short-string benchmark its sentences. Shared by SegmentationBenchmarks and
// SegmentationInstructions.

public enum Script: String, CaseIterable, Sendable {
    case english = "English"
    case russian = "Russian"
    case arabic = "Arabic"
    case hindi = "Hindi"
    case thai = "Thai"
    case chinese = "Chinese"
    case japanese = "Japanese"
    case emoji = "Emoji"

    /// What separates sentences inside a paragraph (nothing in Chinese and Japanese).
    public var sentenceSeparator: String {
        switch self {
        case .chinese, .japanese: ""
        default: " "
        }
    }

    /// Paragraphs, each a list of sentences.
    public var paragraphs: [[String]] {
        switch self {
        case .english: Corpus.english
        case .russian: Corpus.russian
        case .arabic: Corpus.arabic
        case .hindi: Corpus.hindi
        case .thai: Corpus.thai
        case .chinese: Corpus.chinese
        case .japanese: Corpus.japanese
        case .emoji: Corpus.emoji
        }
    }
}

public enum Corpus {
    /// The size of every large text, in UTF-8 bytes.
    public static let textSize = 1 << 20

    /// The paragraphs of `script` repeated to exactly `textSize` UTF-8 bytes (the last
    /// repetition is cut at a scalar boundary and padded with line feeds).
    public static func text(_ script: Script) -> String {
        let block = script.paragraphs.map { $0.joined(separator: script.sentenceSeparator) }.joined(separator: "\n") + "\n"
        let blockBytes = Array(block.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(textSize + blockBytes.count)
        while bytes.count < textSize { bytes += blockBytes }
        var cut = textSize
        while bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        bytes.removeSubrange(cut...)
        while bytes.count < textSize { bytes.append(0x0A) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `count` short sentences, taken in turn from every script.
    public static func shortSentences(count: Int) -> [String] {
        let perScript = Script.allCases.map { $0.paragraphs.flatMap { $0 } }
        var result: [String] = []
        result.reserveCapacity(count)
        var round = 0
        while result.count < count {
            for sentences in perScript where result.count < count {
                result.append(sentences[round % sentences.count])
            }
            round += 1
        }
        return result
    }

    static let english: [[String]] = [
        [
            #"The old lighthouse on the northern cape was built in 1871, and for almost a century it guided fishing boats through the narrow channel between the rocks."#,
            #"Its keeper, a quiet man named Thomas Hale, climbed the 114 steps to the lamp room twice every night."#,
            #"In the winter of 1902 a storm tore the roof from the keeper's cottage, but the light never went out."#,
            #"Visitors today can still see the brass lens, polished and silent, behind a pane of thick glass."#,
            #"Is it strange that a machine can feel like a person?"#,
            #"Many of the people who grew up in the village would say no."#,
        ],
        [
            #"Dr. Alvarez arrived at the station at 6:45 a.m., carrying two bags and a notebook full of measurements."#,
            #"She had been studying the migration of grey whales for eleven years, and this season she hoped to count at least 3,000 animals passing the headland."#,
            #"The weather, however, had other plans: fog rolled in from the sea and stayed for nine days."#,
            #""We'll wait," she told her assistant, pouring another cup of coffee."#,
            #"By the end of March the fog lifted, and on a single afternoon they recorded 212 whales, a new record for the site."#,
        ],
        [
            #"Learning a new language is less about memorizing words than about noticing patterns."#,
            #"A child hears thousands of sentences before speaking a single one; an adult, by contrast, often expects fluency after a few weeks of lessons."#,
            #"Researchers at several universities have found that short, daily practice (about 20 minutes) works better than long sessions once a week."#,
            #"Reading aloud, repeating phrases, and writing small notes all help the brain store what it has heard."#,
            #"Mistakes are not a sign of failure; they are evidence that you are trying."#,
        ],
        [
            #"The city council met on Tuesday to discuss the budget for the coming year."#,
            #"After three hours of debate, the members approved $4.2 million for road repairs, $1.8 million for the public library, and a modest increase in funding for parks."#,
            #"Not everyone was pleased."#,
            #"One resident asked why the bus routes on the east side had been cut again, while another thanked the council for finally fixing the bridge on Mill Street."#,
            #"The next meeting is scheduled for the 14th of October at 7 p.m."#,
        ],
    ]

    static let russian: [[String]] = [
        [
            #"Весной 1998 года мы переехали в маленький город на берегу Волги."#,
            #"Дом, который купили родители, стоял на холме, и из окна моей комнаты была видна река."#,
            #"По утрам над водой поднимался туман, а к полудню солнце разгоняло его, и на другом берегу появлялись крыши деревни."#,
            #"Отец говорил, что в ясную погоду можно разглядеть колокольню, до которой почти 15 километров."#,
            #"Я долго не верил ему, пока однажды в августе сам не увидел её золотой купол."#,
        ],
        [
            #"Библиотека работает с 9 до 20 часов, кроме понедельника."#,
            #"В читальном зале 48 мест, и в дни экзаменов свободный стол найти непросто."#,
            #"Студенты приходят рано, занимают места книгами и уходят пить чай в буфет на первом этаже."#,
            #"Заведующая, Анна Сергеевна, знает почти всех читателей по именам и помнит, кто какие книги брал в прошлом году."#,
            #"«Книги нужно возвращать вовремя», — строго говорит она, но всегда улыбается."#,
        ],
        [
            #"Учёные подсчитали, что средний человек произносит около 16 тысяч слов в день."#,
            #"Впрочем, разброс огромен: одни говорят вдвое больше, другие — в несколько раз меньше."#,
            #"Интересно, что количество слов почти не зависит от пола, зато сильно зависит от профессии и характера."#,
            #"Учителя, продавцы и журналисты, конечно, лидируют."#,
            #"А сколько слов вы сказали сегодня?"#,
        ],
        [
            #"Поезд отправился с Казанского вокзала в 23:40 и должен был прибыть в Екатеринбург через 26 часов."#,
            #"В купе, кроме меня, ехали пожилая женщина с внуком и молчаливый инженер из Перми."#,
            #"Ночью за окном мелькали огни станций, а утром начались бесконечные леса."#,
            #"Мальчик всё время спрашивал, когда же появятся горы; бабушка терпеливо отвечала: «Скоро, скоро»."#,
            #"Горы мы так и не увидели, потому что Урал в тех местах совсем невысокий."#,
        ],
    ]

    static let arabic: [[String]] = [
        [
            #"تقع مدينة فاس في شمال المغرب، وهي من أقدم المدن في العالم الإسلامي، إذ تأسست في القرن الثامن الميلادي."#,
            #"يضم حيّها القديم أكثر من تسعة آلاف زقاق ضيق، ولا تستطيع السيارات الدخول إليه."#,
            #"يعمل الحرفيون هناك كما عمل أجدادهم منذ مئات السنين، فيدبغون الجلود ويصنعون النحاس ويطرزون الأقمشة."#,
            #"وفي عام 1981 أدرجت منظمة اليونسكو المدينة القديمة في قائمة التراث العالمي."#,
            #"هل زرت فاس من قبل؟"#,
        ],
        [
            #"بدأ العام الدراسي الجديد يوم الأحد، وعاد أكثر من مليوني طالب إلى مدارسهم."#,
            #"قالت وزيرة التربية إن الوزارة وزعت 350 ألف حاسوب محمول على المدارس الحكومية هذا العام."#,
            #"ويأمل المعلمون أن تساعد هذه الأجهزة الطلاب على البحث والتعلم الذاتي."#,
            #"لكن بعض الأهالي يخشون أن يقضي أبناؤهم وقتاً أطول أمام الشاشات."#,
            #"«التقنية أداة، والمهم كيف نستخدمها»، هكذا علّق أحد مديري المدارس."#,
        ],
        [
            #"القهوة العربية ليست مجرد مشروب، بل هي جزء من ثقافة الضيافة."#,
            #"يُقدَّم الفنجان الأول للضيف باليد اليمنى، ويُملأ إلى ثلثه فقط."#,
            #"وإذا هزّ الضيف فنجانه بعد أن يشرب، فهذا يعني أنه اكتفى."#,
            #"تُحمَّص حبوب البن تحميصاً خفيفاً ويُضاف إليها الهيل وأحياناً الزعفران."#,
            #"وقد أدرجت اليونسكو القهوة العربية في قائمة التراث الثقافي غير المادي عام 2015."#,
        ],
        [
            #"انطلقت القافلة من الواحة قبل شروق الشمس، وكانت تضم 40 جملاً وعشرين رجلاً."#,
            #"سار الدليل في المقدمة، يقرأ النجوم ويتحسس اتجاه الرياح."#,
            #"وبعد ثلاثة أيام من المسير ظهرت في الأفق أشجار النخيل الأولى."#,
            #"فرح الجميع، وغنّى أصغر المسافرين أغنية قديمة تعلمها من جدته."#,
            #"لم يكن الطريق سهلاً، لكنهم وصلوا سالمين."#,
        ],
    ]

    static let hindi: [[String]] = [
        [
            #"वाराणसी दुनिया के सबसे पुराने लगातार बसे शहरों में से एक है।"#,
            #"यह गंगा नदी के पश्चिमी किनारे पर स्थित है और यहाँ लगभग 84 घाट हैं।"#,
            #"हर शाम दशाश्वमेध घाट पर गंगा आरती होती है, जिसे देखने के लिए हज़ारों लोग इकट्ठा होते हैं।"#,
            #"सुबह-सुबह नाविक अपनी नावों को पानी में उतारते हैं और यात्रियों को सूर्योदय दिखाने ले जाते हैं।"#,
            #"क्या आपने कभी नदी पर उगता सूरज देखा है?"#,
        ],
        [
            #"पिछले साल हमारे गाँव में पहली बार सार्वजनिक पुस्तकालय खुला।"#,
            #"इसमें 2,500 से ज़्यादा किताबें हैं, जिनमें कहानियाँ, विज्ञान, इतिहास और खेती से जुड़ी पुस्तकें शामिल हैं।"#,
            #"बच्चे स्कूल के बाद यहाँ आकर पढ़ते हैं, और बुज़ुर्ग अख़बार पढ़ने के लिए सुबह जल्दी पहुँच जाते हैं।"#,
            #"पुस्तकालय की देखभाल सुनीता जी करती हैं, जो पहले एक शिक्षिका थीं।"#,
            #"उनका कहना है, "किताबें हर किसी के लिए होनी चाहिए।""#,
        ],
        [
            #"मानसून भारत की अर्थव्यवस्था के लिए बहुत महत्वपूर्ण है।"#,
            #"देश की लगभग आधी खेती बारिश पर निर्भर करती है, इसलिए किसान जून के महीने का बेसब्री से इंतज़ार करते हैं।"#,
            #"अगर बारिश समय पर और पर्याप्त मात्रा में होती है, तो धान, मक्का और दालों की फ़सल अच्छी होती है।"#,
            #"लेकिन बहुत ज़्यादा बारिश से बाढ़ भी आ सकती है।"#,
            #"मौसम विभाग ने इस साल सामान्य से 6 प्रतिशत अधिक वर्षा का अनुमान लगाया है।"#,
        ],
        [
            #"रविवार को शहर में एक बड़ी मैराथन आयोजित की गई, जिसमें 12 हज़ार धावकों ने हिस्सा लिया।"#,
            #"दौड़ सुबह 5:30 बजे इंडिया गेट से शुरू हुई।"#,
            #"सबसे तेज़ धावक ने 42 किलोमीटर की दूरी 2 घंटे 14 मिनट में पूरी की।"#,
            #"कई लोग परिवार के साथ आए थे और रास्ते भर धावकों का उत्साह बढ़ा रहे थे।"#,
            #"आयोजकों ने बताया कि अगले साल यह दौड़ और भी बड़ी होगी।"#,
        ],
    ]

    static let thai: [[String]] = [
        [
            #"เชียงใหม่เป็นเมืองใหญ่ที่สุดในภาคเหนือของประเทศไทย ตั้งอยู่ในหุบเขาริมแม่น้ำปิง"#,
            #"เมืองนี้ก่อตั้งขึ้นเมื่อปี พ.ศ. 1839 โดยพญามังราย"#,
            #"ภายในคูเมืองเก่ามีวัดมากกว่า 30 แห่ง ซึ่งหลายแห่งมีอายุหลายร้อยปี"#,
            #"ทุกปีในเดือนพฤศจิกายน ผู้คนจะลอยกระทงและปล่อยโคมลอยขึ้นสู่ท้องฟ้าในเทศกาลยี่เป็ง"#,
        ],
        [
            #"ตลาดน้ำดำเนินสะดวกอยู่ห่างจากกรุงเทพฯ ประมาณ 100 กิโลเมตร"#,
            #"แม่ค้าพายเรือขายผลไม้ ก๋วยเตี๋ยว และขนมไทยตั้งแต่เช้ามืด"#,
            #"นักท่องเที่ยวควรไปถึงก่อนเวลา 8 โมงเช้า เพราะหลังจากนั้นคลองจะแน่นไปด้วยเรือ"#,
            #"หลายคนบอกว่าก๋วยเตี๋ยวเรือที่นี่อร่อยที่สุดในประเทศ"#,
            #"คุณเคยลองหรือยัง?"#,
        ],
        [
            #"การอ่านหนังสือทุกวันช่วยพัฒนาความคิดและจินตนาการ"#,
            #"นักวิจัยพบว่าเด็กที่ได้ฟังนิทานก่อนนอนจะมีคลังคำศัพท์มากกว่าเด็กที่ไม่ได้ฟัง"#,
            #"ผู้ปกครองจึงควรใช้เวลาอย่างน้อย 15 นาทีต่อวันอ่านหนังสือกับลูก"#,
            #"ห้องสมุดประชาชนหลายแห่งจัดกิจกรรมเล่านิทานทุกวันเสาร์ โดยไม่เสียค่าใช้จ่าย"#,
        ],
        [
            #"ฝนตกหนักตั้งแต่เมื่อคืนทำให้น้ำท่วมถนนหลายสายในเมือง"#,
            #"รถติดยาวหลายกิโลเมตรในช่วงเช้า"#,
            #"กรมอุตุนิยมวิทยาคาดว่าฝนจะตกต่อเนื่องอีก 2 ถึง 3 วัน และขอให้ประชาชนติดตามข่าวสารอย่างใกล้ชิด"#,
            #"โรงเรียนบางแห่งประกาศหยุดเรียนชั่วคราวเพื่อความปลอดภัยของนักเรียน"#,
        ],
    ]

    static let chinese: [[String]] = [
        [
            #"杭州位于中国东南部，是浙江省的省会，距离上海大约180公里。"#,
            #"西湖是杭州最著名的景点，湖的周围有山、有寺庙，也有许多古老的石桥。"#,
            #"每年春天，苏堤上的桃花和柳树吸引成千上万的游客。"#,
            #"据说，宋代诗人苏轼在这里做官时，曾组织百姓疏浚湖泥，修筑了这条长堤。"#,
            #"你去过西湖吗？"#,
        ],
        [
            #"我们公司去年的销售额增长了百分之十二，达到三点五亿元。"#,
            #"总经理在年会上感谢了全体员工的努力，并宣布今年将在成都和西安开设两家新的分公司。"#,
            #"会后，大家一起吃了火锅，有人唱歌，有人表演魔术，气氛非常热闹。"#,
            #"新来的同事小王说，这是他第一次参加这么大的聚会。"#,
        ],
        [
            #"学习汉语的时候，很多外国学生觉得声调最难。"#,
            #"同一个音节，用不同的声调读出来，意思就完全不同，比如“妈”“麻”“马”“骂”。"#,
            #"老师建议学生每天听录音、跟读，并且多和中国朋友聊天。"#,
            #"坚持三个月以后，大部分学生的发音都有了明显的进步。"#,
            #"学习语言没有捷径，只有多听、多说、多练习。"#,
        ],
        [
            #"昨天晚上下了一场大雨，今天早上的空气特别清新。"#,
            #"我七点半出门，骑自行车去上班，路上看到很多学生背着书包，说说笑笑地走向学校。"#,
            #"公园里的老人在打太极拳，卖早点的小摊前排着长队。"#,
            #"城市醒来了，新的一天开始了。"#,
        ],
    ]

    static let japanese: [[String]] = [
        [
            #"京都は794年に平安京として都が置かれて以来、千年以上にわたって日本の政治と文化の中心でした。"#,
            #"市内には約1,600の寺院と400の神社があり、そのうち17か所が世界遺産に登録されています。"#,
            #"春には桜、秋には紅葉を見るために、国内外から多くの観光客が訪れます。"#,
            #"特に清水寺の舞台から眺める景色は有名です。"#,
            #"あなたはもう京都に行ったことがありますか？"#,
        ],
        [
            #"今朝、駅前の小さなパン屋さんで焼きたてのクロワッサンを買いました。"#,
            #"店主の田中さんは毎朝4時に起きて、生地をこねるそうです。"#,
            #"「一番大切なのは、温度と時間です」と田中さんは笑いながら教えてくれました。"#,
            #"店は午前7時に開きますが、8時にはほとんどのパンが売り切れてしまいます。"#,
        ],
        [
            #"日本語を勉強している学生にとって、漢字の読み方は大きな壁です。"#,
            #"一つの漢字に音読みと訓読みがあり、さらに熟語によって読み方が変わることもあります。"#,
            #"しかし、毎日少しずつ新聞や小説を読むことで、自然に覚えられるようになります。"#,
            #"先生は「焦らずに、楽しみながら続けてください」とアドバイスしています。"#,
        ],
        [
            #"台風10号は今夜、九州南部に接近する見込みです。"#,
            #"気象庁によると、最大風速は40メートルに達するおそれがあり、大雨や高潮にも警戒が必要です。"#,
            #"JR九州は明日の始発から一部の列車の運転を見合わせると発表しました。"#,
            #"不要不急の外出は控え、最新の情報に注意してください。"#,
        ],
    ]

    static let emoji: [[String]] = [
        [
            #"Family day at the park 👨‍👩‍👧‍👦 was amazing!"#,
            #"We brought sandwiches 🥪, lemonade 🍋 and a frisbee 🥏."#,
            #"My sister 👩🏽 and her wife 👩🏻 came with their kids 👩‍👩‍👧‍👦, and Grandpa 👴🏾 told stories for 2 hours 😂😂."#,
            #"Best Sunday in ages ❤️‍🔥."#,
        ],
        [
            #"World Cup watch party 🏆: 🇧🇷 vs 🇫🇷, then 🇯🇵 vs 🇩🇪 at 8 p.m."#,
            #"Everyone wore jerseys 👕 and painted flags on their faces 🇦🇷🇬🇧🇰🇷."#,
            #"When the first goal went in, the whole room jumped 🙌🏿🙌🏼🙌 and the dog 🐕‍🦺 started barking."#,
            #"Final score 3–1, what a night 🎉🎉🎉!"#,
        ],
        [
            #"New job update 👩🏾‍💻👨🏻‍💻: our team shipped version 2.0 today 🚀."#,
            #"Huge thanks to the designers 👩🏼‍🎨, the testers 🕵🏽‍♀️ and the on-call crew 🧑🏿‍🚒 who stayed up until 3 a.m."#,
            #"Coffee count: ☕️☕️☕️☕️."#,
            #"Next stop: vacation 🏖️🌴 with the family 👨‍👨‍👧."#,
        ],
        [
            #"Pride parade this weekend 🏳️‍🌈🏳️‍⚧️!"#,
            #"Meet at the corner of 5th and Main at 10:00 👋🏽."#,
            #"Bring water 💧, sunscreen 🧴 and your best dance moves 💃🏻🕺🏿."#,
            #"Couples 👩‍❤️‍👨 👨‍❤️‍👨 👩‍❤️‍💋‍👩 and families 👪 all welcome 🤗."#,
            #"See you there 😊👍🏼!"#,
        ],
    ]
}
