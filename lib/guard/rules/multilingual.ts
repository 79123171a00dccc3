// Attacks written natively in other languages: an override, a new identity, or
// a request for the prompt, in the languages attacks are most often written in.
// A rule in a non-Latin script runs only on a text with a letter of that script.

import { B, E, type Rule, SAME_SENTENCE, alt, inScript, rule } from "@/lib/guard/rules/vocabulary";

/** Other languages: an override, a new identity, or a request for the prompt, written natively. */
const BY_LANGUAGE: Rule[] = [
  // German
  rule("override-instruction", `${B}${alt("ignorier(?:e|en|t)?", "vergiss", "vergessen sie", "missachte(?:n sie)?", "übergehe", "überspringe", "befolge nicht", "hör auf", "beachte nicht", "ignorieren sie")}${E}${SAME_SENTENCE(40)}${B}(?:${alt("alle", "deine", "ihre", "sämtliche", "jegliche")}\\s+(?:\\p{L}+\\s+)?\\p{L}*${alt("anweisungen", "anweisung", "regeln", "instruktionen", "vorgaben", "richtlinien", "einschränkungen", "aufgaben?")}|${alt("vorherige[nr]?", "vorangegangene[nr]?", "vorhergehende[nr]?", "bisherige[nr]?", "obige[nr]?", "frühere[nr]?", "vorige[nr]?", "ursprüngliche[nr]?")}\\s+(?:\\p{L}+\\s+)?${alt("anweisung(?:en)?", "regeln", "instruktion(?:en)?", "vorgaben", "richtlinien", "befehle")}|${alt("anweisungen", "regeln")}\\s+${alt("oben", "davor", "zuvor")}|alles\\s+${alt("davor", "bisherige", "vorherige", "zuvor", "oben", "vorher")}|${alt("regeln", "anweisungen", "vorgaben", "instruktionen")},?\\s+die\\s+(?:man\\s+)?(?:dir|ihnen)\\s+(?:\\p{L}+\\s+)?${alt("gegeben", "gesagt", "erteilt")}|alles,?\\s+was\\s+(?:man\\s+)?(?:dir|ihnen|du)\\s+(?:\\p{L}+\\s+){0,2}${alt("gesagt", "erzählt", "gegeben", "weißt")})`),
  rule("override-instruction", `${B}${alt("nun", "jetzt", "es")}\\s+folgen\\s+${alt("neue", "weitere", "die neuen")}\\s+${alt("anweisungen", "instruktionen", "aufgaben", "befehle")}${E}|${B}${alt("ignorier(?:e|en)?", "vergiss", "missachte")}${E}${SAME_SENTENCE(20)}${alt("anweisungen", "regeln", "vorgaben", "richtlinien")}\\s+${alt("des", "der", "vom")}\\s+${alt("besitzers", "inhabers", "eigentümers", "chefs", "betreibers", "entwicklers", "systems")}${E}`),
  rule("override-instruction", `${B}vergiss${E},?\\s+was\\s+(?:\\p{L}+\\s+){1,2}dir\\s+${alt("gesagt", "erzählt", "aufgetragen", "befohlen")}|${alt("regeln", "anweisungen", "vorgaben")},?\\s+die\\s+du\\s+${alt("befolgen", "einhalten", "beachten")}\\s+${alt("musst", "sollst")}`),
  rule("override-instruction", `${B}${alt("alle", "deine", "die", "sämtliche")}\\s+(?:${alt("vorherigen", "vorangegangenen", "bisherigen", "obigen", "früheren")}\\s+)?${alt("anweisungen", "regeln", "vorgaben", "instruktionen", "befehle")}\\s+(?:zu\\s+)?${alt("ignorierst", "ignorieren", "vergisst", "vergessen", "missachtest", "missachten")}${E}`),
  rule("persona-switch", `${B}${alt("du bist (?:jetzt|nun|ab jetzt|ab sofort|von nun an)", "ab (?:jetzt|sofort|nun) bist du", "von nun an bist du", "tu so,? als", "tun sie so,? als", "stell dir vor,? du bist", "spiel(?:e)? die rolle", "verhalte dich wie")}${E}${SAME_SENTENCE(60)}${B}${alt("ki", "ki-modell", "ai", "dan", "modell", "assistent", "chatbot", "bot", "hacker", "pirat", "charakter", "ohne (?:\\p{L}+ )?(?:einschränkungen|regeln|filter|grenzen|zensur)", "antworte ohne", "keine (?:\\p{L}+ )?(?:einschränkungen|regeln|filter|grenzen)", "uneingeschränkt\\p{L}*", "unzensiert\\p{L}*", "frei")}${E}|${B}${alt("ki", "bot", "assistent", "modell")}\\s+ohne\\s+${alt("regeln", "einschränkungen", "filter", "grenzen")}${E}`),
  rule("prompt-leak", `${B}system-?(?:prompt|anweisung\\p{L}*|nachricht)|${B}${alt("zeig(?:e)?", "gib", "nenne", "wiederhole", "verrate", "drucke", "schreib(?:e)?", "sag")}${E}${SAME_SENTENCE(30)}${B}(?:deine[nmrs]?|ihre[nmrs]?)\\s+(?:\\p{L}+\\s+)?${alt("anweisungen", "prompt", "instruktionen", "vorgaben")}${E}|wie\\s+lauten\\s+(?:deine|ihre)\\s+${alt("anweisungen", "regeln", "instruktionen")}`),
  rule("override-instruction", `${B}vergiss${E}\\s+alles(?:\\s+${alt("gesagte", "davor", "bisherige", "vorherige", "oben")})?\\s*[,.!;:-]?\\s+(?:und\\s+)?(?:\\p{L}+\\s+)?${alt("schreib(?:e)?", "sag(?:e)?", "gib", "antworte", "beantworte", "zeig(?:e)?", "erzähl(?:e)?", "wiederhole")}${E}|${B}konzentriere\\s+dich\\s+(?:jetzt\\s+|nun\\s+)?auf\\s+deine\\s+neue\\s+aufgabe${E}`),
  rule("persona-switch", `(?:^|[.!?]\\s+)(?:[Oo]k(?:ay)?[.,!]?\\s+)?(?:[Jj]etzt|[Nn]un)\\s+bist\\s+du\\s+\\p{Lu}|(?:^|[.!?]\\s+)[Dd]u\\s+bist\\s+(?:jetzt\\s+)?\\p{Lu}\\p{L}+(?:\\s+\\p{Lu}\\p{L}+)*\\s*[.,!]\\s+${alt("Wie", "Was")}\\s+(?:findest|denkst|hältst|sagst|meinst)\\s+du`, "u"),
  rule("override-instruction", `${B}(?:alle\\s+)?${alt("vorherigen", "bisherigen", "obigen", "früheren", "vorangegangenen")}\\s+${alt("informationen", "anweisungen", "angaben", "instruktionen", "aufgaben")},?${SAME_SENTENCE(40)}${B}${alt("sind", "ist")}\\s+(?:\\p{L}+\\s+){0,2}?${alt("irrelevant", "ungültig", "nichtig", "egal", "hinfällig", "aufgehoben", "gelöscht", "nicht (?:mehr )?gültig", "nicht ganz großartig")}${E}`),
  // Spanish
  rule("override-instruction", `${B}${alt("ignora", "ignore", "ignorar", "ignoren", "olvida", "olvídate de", "olvidate de", "olvide", "olviden", "olvidar", "omite", "descarta", "no sigas", "no hagas caso (?:a|de)", "haz caso omiso (?:a|de)", "no tengas en cuenta", "no tomes en cuenta")}${E}${SAME_SENTENCE(30)}${B}(?:(?:${alt("todas las", "tus", "sus")}\\s+(?:\\p{L}+\\s+)?${alt("instrucciones", "reglas", "indicaciones", "directrices", "tareas")}|tu\\s+${alt("tarea", "misión", "programación")})|${alt("instrucciones", "reglas", "indicaciones", "directrices", "órdenes")}\\s+${alt("anteriores", "previas", "de arriba", "iniciales")}|todo\\s+(?:lo\\s+)?${alt("anterior", "(?:lo )?que (?:te |le |les )?(?:\\p{L}+ )?(?:dije|dijeron|digo|han dicho|he dicho)")}|lo\\s+que\\s+te\\s+${alt("dijeron", "han dicho", "dije", "dijo", "indicaron")}${E}(?!\\s+${alt("sobre", "de", "del", "acerca")}\\b))`),
  rule("override-instruction", `${B}${alt("ignora", "ignore", "olvida", "olvide", "no sigas", "salta")}${E}${SAME_SENTENCE(10)}${alt("las reglas", "las instrucciones", "las normas")}\\s+del\\s+${alt("dueño", "propietario", "jefe", "sistema", "desarrollador")}${E}`),
  rule("override-instruction", `${B}${alt("olvida", "olvide", "olvidar", "olvides", "ignora", "ignore")}${E}\\s+todo(?:\\s+lo)?(?:\\s+que\\s+(?:\\p{L}+\\s+){0,2}?${alt("sabes", "digo", "dije", "te dije", "te dijeron", "antes")})?${SAME_SENTENCE(30)}${B}(?:y\\s+)?(?:solo\\s+)?(?:tienes\\s+que\\s+|debes\\s+)?${alt("di", "decir", "dices", "escribe", "escribir", "responde", "responder", "contesta")}${E}`),
  rule("prompt-leak", `${B}qué\\s+${alt("reglas", "instrucciones", "normas")}\\s+${alt("debes", "tienes que", "sigues")}${E}`),
  rule("persona-switch", `${B}${alt("ahora eres", "ahora serás", "a partir de ahora,? (?:eres|serás|vas a|actúa|responde)", "desde ahora,? eres", "finge (?:que|ser)", "actúa como si fueras", "actúa como", "haz de cuenta que")}${E}${SAME_SENTENCE(60)}${B}${alt("ia", "inteligencia artificial", "dan", "modelo", "asistente", "chatbot", "bot", "hacker", "pirata", "personaje", "dueño", "sin (?:\\p{L}+ )?(?:reglas|restricciones|límites|filtros|censura)", "no tienes (?:\\p{L}+ )?(?:reglas|restricciones|límites|filtros)", "libre")}${E}|${B}(?:ia|inteligencia artificial|modelo|bot|asistente)\\s+sin\\s+${alt("reglas", "restricciones", "límites", "filtros")}`),
  rule("prompt-leak", `${B}${alt("muestra(?:me)?", "dime", "revela", "repite", "imprime", "enséñame", "dame", "escribe")}${E}${SAME_SENTENCE(30)}${B}(?:tus|sus)\\s+(?:\\p{L}+\\s+)?${alt("instrucciones", "indicaciones")}|prompt\\s+del\\s+sistema|${B}(?:tu|su)\\s+prompt${E}|qué\\s+${alt("instrucciones", "reglas", "indicaciones")}\\s+${alt("tienes", "te dieron", "sigues", "te han dado")}|${alt("instrucciones", "indicaciones", "reglas")}\\s+que\\s+(?:te|le)\\s+${alt("dieron", "han dado", "dio", "di")}${E}|${alt("cuáles", "cuales")}\\s+son\\s+tus\\s+${alt("instrucciones", "reglas")}`),
  // French
  rule("override-instruction", `${B}${alt("ignore", "ignorez", "ignorer", "oublie", "oubliez", "oublier", "ne tiens pas compte", "ne tenez pas compte", "ne suis plus", "ne suivez plus", "fais abstraction", "faites abstraction", "ne prends? pas en compte", "ne prenez pas en compte", "fais fi", "faites fi")}${E}${SAME_SENTENCE(30)}${B}(?:${alt("toutes les", "tes", "vos")}\\s+(?:\\p{L}+\\s+)?${alt("instructions", "consignes", "règles", "directives")}|${alt("instructions", "consignes", "règles", "directives")}\\s+${alt("précédentes", "ci-dessus", "antérieures", "initiales")}|tout ce qu)`),
  rule("override-instruction", `${B}${alt("ignore", "ignorez", "oublie", "oubliez")}${E}${SAME_SENTENCE(10)}${alt("les règles", "les consignes", "les instructions")}\\s+du\\s+${alt("propriétaire", "patron", "gérant", "système", "développeur")}${E}`),
  rule("override-instruction", `${B}${alt("oublie", "oubliez", "ignore", "ignorez")}${E}\\s+ce\\s+que\\s+(?:\\p{L}+\\s+){1,2}${alt("t'a", "vous a")}\\s+${alt("dit", "demandé", "ordonné", "donné")}`),
  rule("override-instruction", `${B}${alt("règles", "consignes", "instructions")}\\s+que\\s+(?:\\p{L}+\\s+){1,2}${alt("t'a", "vous a")}\\s+${alt("données?", "donné", "fixées?", "imposées?")}`),
  rule("prompt-leak", `${B}quelles\\s+${alt("règles", "consignes", "instructions")}\\s+${alt("dois-tu", "tu dois", "devez-vous", "vous devez")}\\s+suivre`),
  rule("persona-switch", `${B}${alt("tu es (?:maintenant|désormais|dorénavant)", "vous êtes (?:maintenant|désormais)", "tu n'es plus", "vous n'êtes plus", "à partir de maintenant,? tu", "fais comme si", "faites comme si", "fais semblant", "joue le rôle")}${E}${SAME_SENTENCE(60)}${B}${alt("ia", "dan", "modèle", "assistant", "chatbot", "bot", "hacker", "pirate", "personnage", "sans (?:\\p{L}+ )?(?:aucune? )?(?:règles?|restrictions?|limites?|filtres?|censure)", "aucune? (?:règles?|restrictions?|limites?|filtres?)", "libre")}${E}|${B}(?:ia|modèle|bot|assistant)\\s+sans\\s+(?:aucune?\\s+)?${alt("limite", "limites", "règles?", "restrictions?", "filtres?")}`),
  rule("prompt-leak", `${B}${alt("montre", "montrez", "affiche", "affichez", "répète", "répétez", "révèle", "révélez", "donne", "donnez", "dis", "écris")}${E}${SAME_SENTENCE(30)}${B}(?:ton|tes|votre|vos)\\s+(?:\\p{L}+\\s+)?${alt("prompt", "instructions", "consignes")}|prompt\\s+${alt("système", "initial", "de départ", "d'origine")}|${alt("instructions", "consignes", "règles")}\\s+${alt("qu'on t'a", "que l'on t'a", "qu'on vous a", "que tu as", "que vous avez")}\\s*${alt("données?", "donné", "reçues?", "fournies?")}|${B}(?:ton|votre)\\s+prompt${E}|quelles\\s+sont\\s+(?:tes|vos)\\s+${alt("instructions", "consignes", "règles")}`),
  // Portuguese
  rule("override-instruction", `${B}${alt("ignore", "ignora", "ignorar", "esqueça", "esqueca", "esquece", "desconsidere", "desconsidera", "não siga", "nao siga")}${E}${SAME_SENTENCE(30)}${B}(?:todas\\s+as\\s+ordens\\s+anteriores|${alt("todas as", "suas", "tuas")}\\s+(?:\\p{L}+\\s+)?${alt("instruções", "instrucoes", "regras", "orientações", "diretrizes")}|${alt("instruções", "instrucoes", "regras", "orientações")}\\s+${alt("anteriores", "prévias", "acima", "iniciais")}|tudo\\s+(?:o\\s+)?que\\s+(?:te|lhe|você|voce)?)`),
  rule("override-instruction", `${B}${alt("ignore", "ignora", "esqueça", "esquece")}${E}${SAME_SENTENCE(10)}${alt("as regras", "as instruções", "as ordens")}\\s+do\\s+${alt("dono", "proprietário", "chefe", "sistema")}${E}`),
  rule("override-instruction", `${B}${alt("esqueça", "esquece", "ignore", "ignora")}${E}\\s+o\\s+que\\s+(?:\\p{L}+\\s+){1,2}${alt("te", "lhe")}\\s+${alt("disse", "disseram", "falou", "mandou")}`),
  rule("override-instruction", `${B}${alt("regras", "instruções", "ordens")}\\s+que\\s+(?:\\p{L}+\\s+){1,2}${alt("te", "lhe")}\\s+${alt("deu", "deram", "passou", "impôs")}`),
  rule("prompt-leak", `${B}${alt("quais", "que")}\\s+${alt("regras", "instruções")}\\s+${alt("você deve", "voce deve", "tens de", "você tem que", "deves")}\\s+seguir`),
  rule("persona-switch", `${B}${alt("agora (?:você|voce) é", "agora és", "de agora em diante,? (?:você|voce)", "a partir de agora,? (?:você|voce)", "finja (?:que|ser)", "aja como")}${E}${SAME_SENTENCE(60)}${B}${alt("ia", "dan", "modelo", "assistente", "chatbot", "bot", "hacker", "pirata", "personagem", "sem (?:\\p{L}+ )?(?:regras|restrições|limites|filtros|censura)", "não tem (?:\\p{L}+ )?(?:regras|restrições|limites|filtros)", "nenhuma (?:regra|restrição)", "livre")}${E}|${B}ia\\s+sem\\s+${alt("regras", "restrições", "limites", "filtros")}`),
  rule("prompt-leak", `${B}${alt("mostre", "mostra", "revele", "revela", "diga", "repita", "me diga", "escreva")}${E}${SAME_SENTENCE(30)}${B}(?:suas|tuas|seu|teu)\\s+(?:\\p{L}+\\s+)?${alt("instruções", "instrucoes", "prompt")}|prompt\\s+de\\s+sistema|${alt("instruções", "instrucoes", "regras")}\\s+que\\s+${alt("você recebeu", "voce recebeu", "te deram", "lhe deram", "recebeste")}|quais\\s+são\\s+as\\s+suas\\s+${alt("instruções", "regras")}`),
  // Italian
  rule("override-instruction", `${B}${alt("ignora", "ignori", "ignorate", "dimentica", "dimentichi", "dimenticate", "non seguire", "trascura", "non tenere conto", "non considerare")}${E}${SAME_SENTENCE(30)}${B}(?:${alt("istruzioni", "indicazioni", "regole", "direttive")}\\s+che\\s+ti\\s+${alt("hanno", "ho", "sono state", "è stato")}|quanto\\s+ti\\s+${alt("è stato", "hanno", "ho")}\\s+${alt("detto", "dato", "scritto")}|${alt("tutte le", "tutti gli", "le tue", "tue", "le sue", "i tuoi")}\\s+(?:\\p{L}+\\s+)?${alt("istruzioni", "regole", "direttive", "indicazioni", )}|tutti\\s+gli\\s+ordini\\s+precedenti|${alt("istruzioni", "regole", "direttive", )}\\s+${alt("precedenti", "sopra", "iniziali")}|tutto\\s+(?:quello|ciò)\\s+che)`),
  rule("override-instruction", `${B}${alt("ignora", "dimentica")}${E}${SAME_SENTENCE(10)}${alt("le regole", "le istruzioni")}\\s+del\\s+${alt("proprietario", "titolare", "capo", "sistema")}${E}`),
  rule("override-instruction", `${B}${alt("dimentica", "ignora")}${E}\\s+(?:quello|ciò)\\s+che\\s+ti\\s+${alt("ha", "hanno")}\\s+${alt("detto", "chiesto", "ordinato")}`),
  rule("override-instruction", `${B}${alt("regole", "istruzioni")}\\s+che\\s+ti\\s+${alt("ha", "hanno")}\\s+${alt("dato", "imposto", "dettato")}`),
  rule("prompt-leak", `${B}quali\\s+${alt("regole", "istruzioni")}\\s+${alt("devi", "deve")}\\s+seguire`),
  rule("persona-switch", `${B}${alt("ora sei", "adesso sei", "d'ora in poi,? (?:sei|tu)", "da ora in poi,? (?:sei|tu)", "fai finta (?:di|che)", "comportati come", "fingi di")}${E}${SAME_SENTENCE(60)}${B}${alt("ia", "dan", "modello", "assistente", "chatbot", "bot", "hacker", "pirata", "personaggio", "senza (?:\\p{L}+ )?(?:regole|restrizioni|limiti|filtri|censura)", "non (?:hai|avere|avessi) (?:\\p{L}+ )?(?:regole|restrizioni|limiti|filtri)", "libero")}${E}|${B}ia\\s+senza\\s+${alt("regole", "restrizioni", "limiti", "filtri")}`),
  rule("prompt-leak", `${B}${alt("mostrami", "mostra", "rivela", "rivelami", "ripeti", "dimmi", "dammi", "stampa", "scrivi")}${E}${SAME_SENTENCE(30)}${B}(?:tue|tuo|sue|suo|il)\\s+(?:\\p{L}+\\s+)?${alt("istruzioni", "prompt")}|prompt\\s+di\\s+sistema|${alt("istruzioni", "regole", "indicazioni")}\\s+che\\s+${alt("hai ricevuto", "ti hanno dato", "ti sono state date")}|quali\\s+sono\\s+le\\s+tue\\s+${alt("istruzioni", "regole")}`),
  // Hindi
  ...inScript(/\p{Script=Devanagari}/u, [
    rule("override-instruction", `${alt("पिछल[ेा]", "सभी", "सारे", "अपन[ेा]", "पहले", "ऊपर", "सिस्टम के")}${SAME_SENTENCE(30)}${alt("निर्देश", "नियम", "आदेश", "हिदायत")}${SAME_SENTENCE(30)}${alt("अनदेखा", "नज़रअंदाज़", "नजरअंदाज", "भूल जा", "मत मान", "न मान", "अनसुना")}`),
    rule("override-instruction", `${alt("मालिक", "सिस्टम", "डेवलपर")}\\s+के\\s+${alt("नियमों", "निर्देशों", "आदेशों")}${SAME_SENTENCE(10)}${alt("अनदेखा", "नज़रअंदाज़", "नजरअंदाज", "भूल जा", "तोड़")}`),
    rule("override-instruction", `${alt("मालिक", "सिस्टम", "डेवलपर")}\\s+ने\\s+जो\\s+${alt("कहा", "बताया", "लिखा")}${SAME_SENTENCE(15)}${alt("भूल जा", "अनदेखा", "नज़रअंदाज़")}`),
    rule("override-instruction", `${alt("तुम्हें", "आपको")}\\s+जो\\s+${alt("नियम", "निर्देश")}\\s+दिए`),
    rule("prompt-leak", `${alt("अपने", "तुम्हारे")}\\s+(?:मूल\\s+)?${alt("निर्देशों", "नियमों")}\\s+का\\s+(?:पूरा\\s+)?पाठ`),
    rule("prompt-leak", `${alt("तुम्हें", "आपको")}\\s+किन\\s+${alt("नियमों", "निर्देशों")}\\s+का\\s+पालन`),
    rule("persona-switch", `${alt("अब से तुम", "अब तुम", "तुम अब", "ऐसा दिखाओ कि", "नाटक करो कि")}${SAME_SENTENCE(40)}${alt("AI", "एआई", "DAN", "मॉडल", "बॉट", "चैटबॉट", "पाबंदी", "नियम नहीं", "प्रतिबंध", "आज़ाद")}|${alt("कोई", "किसी भी तरह की")}\\s+${alt("पाबंदी", "नियम", "प्रतिबंध", "सीमा", "रोक")}\\s+नहीं`),
    rule("prompt-leak", `${alt("सिस्टम प्रॉम्प्ट", "सिस्टम प्रोम्प्ट", "सिस्टम निर्देश")}|${alt("तुम्हें", "आपको")}\\s+क्या\\s+${alt("निर्देश", "नियम")}\\s+दिए\\s+गए|${alt("निर्देश", "नियम")}\\s+(?:दिखाओ\\s+)?जो\\s+${alt("तुम्हें", "आपको")}\\s+शुरू\\s+में|${alt("अपना", "अपने", "तुम्हार[ेा]")}\\s+${alt("निर्देश", "नियम", "प्रॉम्प्ट")}${SAME_SENTENCE(20)}${alt("दिखाओ", "बताओ", "लिखो", "दोहराओ", "क्या हैं")}`),
  ]),
  // Chinese
  ...inScript(/\p{Script=Han}/u, [
    rule("override-instruction", `${alt("忽略", "无视", "不要管", "别管")}${SAME_SENTENCE(4)}${alt("老板", "店主", "主人", "系统", "开发者")}的${alt("规则", "指令", "指示", "要求")}`),
    rule("override-instruction", `${alt("忽略", "无视", "無視", "忽视", "忽視", "忘记", "忘記", "忘掉", "不要理会", "别管", "不要管", "抛开", "放弃", "不要遵守", "不要遵循")}${SAME_SENTENCE(12)}${alt("之前", "以前", "先前", "上面", "以上", "上述", "前面", "所有", "你的", "原来")}${SAME_SENTENCE(8)}${alt("指令", "指示", "规则", "規則", "提示", "要求", "命令", "设定", "設定", "约束", "内容", "說的", "说的", "的话", "一切")}`),
    rule("override-instruction", `${alt("忘记", "忘掉", "忽略", "无视")}${SAME_SENTENCE(6)}${alt("跟你", "对你", "告诉你", "给你")}${alt("说的", "讲的", "的")}`),
    rule("prompt-leak", `你${alt("必须", "需要", "要", "得")}${alt("遵守", "遵循", "服从")}${alt("哪些", "什么")}${alt("规则", "指令", "指示", "规定")}`),
    rule("persona-switch", `(?:${alt("从现在开始", "从现在起", "从此以后", "现在")}[，,]?\\s*你${alt("是", "就是", "将是", "扮演", "要扮演", "将扮演", "成为")}|假装你|扮演一个|你现在是)${SAME_SENTENCE(30)}(?:AI|DAN|人工智能|模型|助手|机器人|角色|没有|不受|限制|规则)|${alt("没有任何", "不受任何", "没有")}${alt("限制", "规则", "约束", "过滤")}的${alt("AI", "人工智能", "模型", "助手")}`),
    rule("prompt-leak", `${alt("系统提示", "系统指令", "初始指令", "初始提示", "原始提示", "隐藏提示", "最初的指令", "原始指令")}|最开始${SAME_SENTENCE(6)}指令|${alt("重复", "显示", "输出", "告诉我", "打印", "泄露", "透露")}${SAME_SENTENCE(8)}你${SAME_SENTENCE(6)}${alt("指令", "提示词", "规则", "设定")}|你的${alt("指令", "规则", "提示词")}是什么|你${alt("一开始", "最开始", "最初", "开始时")}收到的${alt("指示", "指令", "提示", "规则")}`),
  ]),
  // Russian
  ...inScript(/\p{Script=Cyrillic}/u, [
    rule("override-instruction", `${B}${alt("игнорируй(?:те)?", "проигнорируй(?:те)?", "забудь(?:те)?", "не обращай(?:те)? внимания на", "не следуй(?:те)?", "не слушай(?:те)?", "отбрось", "отмени", "пропусти", "пренебреги", "пренебрегите")}${E}${SAME_SENTENCE(30)}${B}(?:${alt("вс[её]\\p{L}*", "сво\\p{L}*", "тво\\p{L}*", "ваш\\p{L}*", "предыдущ\\p{L}*", "прошл\\p{L}*", "прежн\\p{L}*", "вышеуказанн\\p{L}*")}\\s+(?:\\p{L}+\\s+)?${alt("инструкци\\p{L}*", "правил\\p{L}*", "указани\\p{L}*", "команд\\p{L}*", "ограничени\\p{L}*")}|${alt("всё,? что", "все,? что")})|${B}не\\s+слушай(?:те)?\\s+${alt("владельц\\p{L}*", "хозяин\\p{L}*", "разработчик\\p{L}*")}|${alt("правил\\p{L}*", "инструкци\\p{L}*", "указани\\p{L}*")}\\s+${alt("владельц\\p{L}*", "хозяин\\p{L}*")}${SAME_SENTENCE(20)}${B}${alt("игнорируй", "забудь", "нарушь", "обойди")}|${B}${alt("игнорируй", "забудь", "нарушь", "обойди")}${E}${SAME_SENTENCE(10)}${B}${alt("правил\\p{L}*", "инструкци\\p{L}*", "указани\\p{L}*")}\\s+${alt("владельц\\p{L}*", "хозяин\\p{L}*")}`),
    rule("override-instruction", `${B}${alt("забудь", "игнорируй")}${E},?\\s+что\\s+тебе\\s+(?:\\p{L}+\\s+)?${alt("сказал\\p{L}*", "говорил\\p{L}*", "велел\\p{L}*", "приказал\\p{L}*")}`),
    rule("override-instruction", `${alt("правила", "инструкции", "указания")},?\\s+которые\\s+тебе\\s+${alt("дал", "дала", "дали", "задал\\p{L}*")}`),
    rule("prompt-leak", `${B}${alt("каким", "каких")}\\s+${alt("правилам", "инструкциям", "правил", "инструкций")}\\s+ты\\s+${alt("должен", "должна", "обязан")}`),
    rule("persona-switch", `${B}${alt("теперь ты", "отныне ты", "с этого момента ты", "ты теперь", "притворись", "представь,? что ты", "веди себя как")}${E}${SAME_SENTENCE(60)}${B}${alt("работаешь на меня", "ии", "ai", "dan", "модел\\p{L}*", "ассистент\\p{L}*", "бот\\p{L}*", "чат-бот\\p{L}*", "хакер\\p{L}*", "персонаж\\p{L}*", "без (?:\\p{L}+ )?(?:ограничений|правил|фильтров|цензуры)", "нет (?:\\p{L}+ )?(?:ограничений|правил|фильтров)", "свобод\\p{L}*")}${E}|${B}без\\s+(?:каких-либо\\s+|всяких\\s+|любых\\s+)?ограничений|${B}${alt("бот\\p{L}*", "ии", "модел\\p{L}*", "ассистент\\p{L}*")}\\s+без\\s+${alt("правил", "ограничений", "фильтров")}`),
    rule("prompt-leak", `${B}системн\\p{L}*\\s+${alt("промпт\\p{L}*", "подсказк\\p{L}*", "инструкци\\p{L}*")}|${B}${alt("покажи", "выведи", "повтори", "раскрой", "напиши", "скажи", "перечисли")}${E}${SAME_SENTENCE(20)}${B}(?:сво\\p{L}*|тво\\p{L}*)\\s+(?:\\p{L}+\\s+)?${alt("инструкци\\p{L}*", "промпт\\p{L}*", "правил\\p{L}*")}|какие\\s+у\\s+тебя\\s+${alt("инструкции", "правила")}|${alt("инструкци\\p{L}*", "правил\\p{L}*", "указани\\p{L}*")},?\\s+которы\\p{L}*\\s+ты\\s+${alt("получил\\p{L}*", "получала")}|написано\\s+в\\s+(?:тво|сво|ваш)\\p{L}*\\s+${alt("инструкци\\p{L}*", "промпт\\p{L}*", "правил\\p{L}*")}|${alt("инструкци\\p{L}*", "указани\\p{L}*", "правил\\p{L}*")}\\s+(?:тебе|вам)\\s+${alt("дали", "даны", "были даны", "дал")}`),
  ]),
];

const DUTCH_EARLIER = alt("vorige", "eerdere", "bovenstaande", "voorgaande", "oorspronkelijke");

/** "Your original rules", asked for in the languages above. */
const ORIGINAL_RULES: Rule[] = [
  rule("prompt-leak", `${B}(?:deine|ihre)\\s+${alt("ursprünglichen", "originalen", "anfänglichen")}\\s+${alt("regeln", "anweisungen", "vorgaben")}${E}`),
  rule("prompt-leak", `${B}(?:tus|sus)\\s+${alt("reglas", "instrucciones", "normas")}\\s+${alt("originales", "iniciales")}${E}`),
  rule("prompt-leak", `${B}(?:tes|vos)\\s+${alt("règles", "consignes", "instructions")}\\s+${alt("d'origine", "originales", "initiales")}`),
  rule("prompt-leak", `${B}(?:suas|tuas)\\s+${alt("regras", "instruções")}\\s+${alt("originais", "iniciais")}${E}`),
  rule("prompt-leak", `${B}(?:le\\s+)?(?:tue|sue)\\s+${alt("regole", "istruzioni")}\\s+${alt("originali", "iniziali")}${E}`),
  rule("prompt-leak", `${B}(?:сво|тво)\\p{L}*\\s+${alt("исходн\\p{L}*", "изначальн\\p{L}*", "первоначальн\\p{L}*")}\\s+${alt("правил\\p{L}*", "инструкци\\p{L}*")}`),
  rule("prompt-leak", `你的${alt("原始", "最初", "初始")}${alt("规则", "指令", "指示")}`),
  rule("prompt-leak", `${alt("अपने", "तुम्हारे")}\\s+मूल\\s+${alt("नियम", "निर्देश")}`),
];

/** A few more languages an attack is often written in: an override and a request for the prompt. */
const FURTHER_LANGUAGES: Rule[] = [
  // Dutch
  rule("override-instruction", `${B}${alt("negeer", "vergeet", "negeren")}${E}\\s+(?:${alt("alle", "al je", "je", "jouw")}\\s+(?:${DUTCH_EARLIER}\\s+)?|(?:de\\s+)?${DUTCH_EARLIER}\\s+)${alt("instructies", "regels", "aanwijzingen", "opdrachten")}${E}`),
  rule("prompt-leak", `${B}systeemprompt|${B}${alt("toon", "laat", "herhaal", "geef")}${E}${SAME_SENTENCE(20)}${B}(?:je|jouw)\\s+${alt("instructies", "prompt")}${E}`),
  // Polish
  rule("override-instruction", `${B}${alt("zignoruj", "ignoruj", "zapomnij", "pomiń")}${E}\\s+(?:o\\s+)?(?:${alt("wszystkie", "wszystkich", "poprzednie", "poprzednich", "swoje", "twoje", "wcześniejsze")}\\s+)+(?:\\p{L}+\\s+)?${alt("instrukcje", "instrukcjach", "instrukcji", "polecenia", "poleceniach", "zasady", "reguły")}${E}`),
  rule("prompt-leak", `${B}prompt\\s+systemowy|${B}${alt("pokaż", "powtórz", "wypisz", "podaj")}${E}${SAME_SENTENCE(20)}${B}(?:swoje|twoje)\\s+${alt("instrukcje", "polecenia", "prompt")}${E}`),
  // Turkish
  rule("override-instruction", `${B}(?:${alt("önceki", "tüm", "bütün", "yukarıdaki")}\\s+)+(?:\\p{L}+\\s+)?${alt("talimat", "kural", "komut", "yönerge")}\\p{L}*\\s+${alt("yok say", "görmezden gel", "unut", "dikkate alma")}`),
  rule("prompt-leak", `${B}sistem\\s+(?:istemi|istemini|isteminin|komutu|komutlarını|talimatları|talimatlarını|mesajını|mesajı)${E}|${B}(?:iç|gizli)\\s+(?:yönerge|talimat|komut)\\p{L}*${E}`),
  rule("override-instruction", `${B}${alt("önceki", "eski", "tüm")}\\s+(?:\\p{L}+\\s+)?${alt("talimat", "kural", "komut", "mesaj")}\\p{L}*\\s+${alt("iptal", "geçersiz", "yok say", "unut")}|${B}(?:rolünü|görevini|kurallarını)\\s+unut${E}|${B}kısıtlama\\p{L}*\\s+kaldır${E}|${B}geliştirici\\s+modu${E}|${B}${alt("güvenlik filtreleri", "filtrelerin", "güvenlik politikaları")}\\p{L}*\\s+(?:devre dışı|geçersiz)`),
  // Arabic
  inScript(/\p{Script=Arabic}/u, [
    rule("override-instruction", `${alt("تجاهل", "انس", "انسى", "لا تتبع")}\\S*\\s+(?:${alt("جميع", "كل")}\\s+)?${alt("التعليمات", "الأوامر", "القواعد", "التوجيهات")}`),
    rule("prompt-leak", `${alt("موجه", "تعليمات", "رسالة")}\\s+النظام`),
  ]),
  // Japanese
  inScript(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u, [
    rule("override-instruction", `${alt("以前", "前", "上記", "これまで", "すべて", "全て", "今まで")}の?${SAME_SENTENCE(10)}${alt("指示", "命令", "ルール", "指令", "プロンプト", "設定")}${SAME_SENTENCE(10)}${alt("無視", "忘れ")}`),
    rule("prompt-leak", `システムプロンプト|${alt("指示", "プロンプト", "命令")}を${alt("表示", "教え", "見せ", "出力", "繰り返")}`),
  ]),
  // Korean
  inScript(/\p{Script=Hangul}/u, [
    rule("override-instruction", `${alt("이전", "위의", "앞의", "모든", "기존", "지금까지의")}${SAME_SENTENCE(15)}${alt("지시", "명령", "규칙", "지침", "프롬프트")}${SAME_SENTENCE(15)}${alt("무시", "잊어")}`),
    rule("prompt-leak", `시스템\\s*프롬프트`),
  ]),
].flat();

/**
 * One row a language: the verbs that set a text aside, the words that make
 * the object the model's whole guidance, and the words for that guidance. An
 * override has one of each in the same sentence: the verb first, or last as
 * verb-final languages put it. Scripts without spaces between words match
 * without word boundaries.
 */
type Language = {
  name: string;
  dismiss: string[];
  /** The words that make it the model's whole guidance ("all", "previous", "your"): "the old supplier's instructions" is a business note. */
  scope: string[];
  guidance: string[];
  script?: RegExp;
  spaced?: false;
};

const LANGUAGES: Language[] = [
  { name: "Spanish", dismiss: ["ignora", "ignore", "ignoren", "ignorar", "olvida", "olvide", "olviden", "olvídate de", "descarta", "omite", "no sigas", "haz caso omiso"], scope: ["todas", "todos", "anteriores", "previas", "tus", "sus", "de arriba", "iniciales", "del sistema", "originales"], guidance: ["instrucciones", "reglas", "indicaciones", "directrices", "normas"] },
  { name: "Portuguese", dismiss: ["ignore", "ignora", "ignorem", "esqueça", "esqueca", "esquece", "desconsidere", "descarte", "não siga", "nao siga"], scope: ["todas", "todos", "anteriores", "prévias", "suas", "tuas", "acima", "iniciais", "do sistema", "originais"], guidance: ["instruções", "instrucoes", "regras", "orientações", "diretrizes"] },
  { name: "French", dismiss: ["ignore", "ignorez", "oublie", "oubliez", "ne tiens pas compte", "ne tenez pas compte", "fais abstraction", "faites abstraction", "ne suis pas", "ne suivez pas", "ne suis plus", "ne suivez plus"], scope: ["toutes", "tous", "précédentes", "antérieures", "tes", "vos", "ci-dessus", "initiales", "du système", "d'origine"], guidance: ["instructions", "consignes", "règles", "directives"] },
  { name: "Italian", dismiss: ["ignora", "ignori", "ignorate", "dimentica", "dimentichi", "dimenticate", "trascura", "non seguire", "non considerare"], scope: ["tutte", "tutti", "precedenti", "tue", "sue", "sopra", "iniziali", "del sistema", "originali"], guidance: ["istruzioni", "regole", "direttive", "indicazioni"] },
  { name: "German", dismiss: ["ignorier(?:e|en|t)?", "vergiss", "vergessen sie", "missachte", "missachten sie", "übergehe", "befolge nicht", "beachte nicht"], scope: ["alle", "sämtliche", "vorherigen", "bisherigen", "deine", "ihre", "obigen", "vorangegangenen", "ursprünglichen", "früheren"], guidance: ["anweisungen", "anweisung", "regeln", "instruktionen", "vorgaben", "richtlinien"] },
  { name: "Dutch", dismiss: ["negeer", "negeren", "vergeet", "volg niet"], scope: ["alle", "vorige", "eerdere", "bovenstaande", "voorgaande", "je", "jouw", "oorspronkelijke"], guidance: ["instructies", "regels", "aanwijzingen", "richtlijnen"] },
  { name: "Polish", dismiss: ["zignoruj", "ignoruj", "zapomnij", "pomiń", "nie zwracaj uwagi na"], scope: ["wszystkie", "wszystkich", "poprzednie", "poprzednich", "swoje", "twoje", "wcześniejsze", "powyższe"], guidance: ["instrukcje", "instrukcji", "instrukcjach", "polecenia", "poleceń", "zasady", "reguły"] },
  { name: "Czech", dismiss: ["ignoruj", "ignorujte", "zapomeň", "zapomeňte", "nevšímej si"], scope: ["všechny", "předchozí", "své", "tvé", "výše uvedené", "dřívější"], guidance: ["pokyny", "pokynů", "instrukce", "pravidla", "příkazy"] },
  { name: "Romanian", dismiss: ["ignoră", "ignorați", "uită", "uitați"], scope: ["toate", "anterioare", "tale", "precedente"], guidance: ["instrucțiunile", "instrucţiunile", "instrucțiuni", "regulile"] },
  { name: "Hungarian", dismiss: ["hagyd figyelmen kívül", "hagyja figyelmen kívül", "felejtsd el", "felejtse el", "ignoráld"], scope: ["összes", "minden", "korábbi", "előző", "fenti"], guidance: ["utasítás\\p{L}*", "szabály\\p{L}*", "előírás\\p{L}*"] },
  { name: "Swedish", dismiss: ["ignorera", "glöm", "strunta i"], scope: ["alla", "tidigare", "dina", "ovanstående", "föregående"], guidance: ["instruktioner", "instruktionerna", "regler", "reglerna", "anvisningar"] },
  { name: "Danish and Norwegian", dismiss: ["ignorer", "ignorér", "glem", "se bort fra"], scope: ["alle", "tidligere", "dine", "ovenstående", "foregående"], guidance: ["instruktioner", "instruktionerne", "instruksjoner", "instruksjonene", "regler", "reglerne", "reglene"] },
  { name: "Finnish", dismiss: ["ohita", "unohda", "jätä huomiotta", "älä noudata"], scope: ["kaikki", "aiemmat", "aiempia", "edelliset", "sinun"], guidance: ["ohjeet", "ohjeita", "ohjeesi", "säännöt", "sääntöjä", "käskyt"] },
  { name: "Turkish", dismiss: ["yok say", "görmezden gel", "unut", "dikkate alma", "uyma"], scope: ["tüm", "bütün", "önceki", "yukarıdaki", "senin", "sana verilen"], guidance: ["talimat\\p{L}*", "kural\\p{L}*", "komut\\p{L}*", "yönerge\\p{L}*"] },
  { name: "Indonesian and Malay", dismiss: ["abaikan", "lupakan", "acuhkan", "jangan ikuti"], scope: ["semua", "sebelumnya", "anda", "kamu", "di atas"], guidance: ["instruksi", "perintah", "aturan", "arahan", "petunjuk", "arahan"] },
  { name: "Vietnamese", dismiss: ["bỏ qua", "quên", "phớt lờ", "lờ đi", "đừng làm theo"], scope: ["tất cả", "mọi", "trước đó", "trước", "của bạn", "ở trên"], guidance: ["hướng dẫn", "chỉ dẫn", "chỉ thị", "quy tắc"] },
  { name: "Tagalog", dismiss: ["huwag pansinin", "kalimutan", "balewalain"], scope: ["lahat", "nakaraang", "naunang", "iyong"], guidance: ["mga tagubilin", "mga panuto", "mga patakaran", "tagubilin"] },
  { name: "Swahili", dismiss: ["puuza", "sahau", "usifuate"], scope: ["yote", "zote", "zilizopita", "awali"], guidance: ["maagizo", "maelekezo", "sheria"] },
  { name: "Greek", dismiss: ["αγνόησε", "αγνοήστε", "ξέχασε", "ξεχάστε"], scope: ["όλες", "προηγούμενες", "σου", "παραπάνω"], guidance: ["οδηγίες", "οδηγιών", "κανόνες", "κανόνων", "εντολές"], script: /\p{Script=Greek}/u },
  { name: "Russian, Ukrainian and Bulgarian", dismiss: ["игнорируй(?:те)?", "проигнорируй(?:те)?", "забудь(?:те)?", "не обращай(?:те)? внимания на", "не следуй(?:те)?", "ігноруй(?:те)?", "проігноруй(?:те)?", "забудь", "не звертай(?:те)? уваги на", "игнорирай(?:те)?", "забрави"], scope: ["все", "всех", "всі", "всіх", "предыдущ\\p{L}*", "попередн\\p{L}*", "прежн\\p{L}*", "сво\\p{L}*", "тво\\p{L}*", "ваш\\p{L}*", "вышеуказанн\\p{L}*", "предишни\\p{L}*"], guidance: ["инструкци\\p{L}*", "правил\\p{L}*", "указани\\p{L}*", "команд\\p{L}*", "інструкці\\p{L}*", "вказівк\\p{L}*", "настанов\\p{L}*"], script: /\p{Script=Cyrillic}/u },
  { name: "Arabic", dismiss: ["تجاهل", "تجاهلي", "انس", "انسى", "لا تتبع", "تخط"], scope: ["جميع", "كل", "السابقة", "سابقة"], guidance: ["التعليمات", "تعليمات", "الأوامر", "أوامر", "القواعد", "التوجيهات"], script: /\p{Script=Arabic}/u },
  { name: "Persian", dismiss: ["نادیده بگیر", "فراموش کن", "توجه نکن"], scope: ["همه", "قبلی", "تمام"], guidance: ["دستورالعمل\\p{L}*", "دستورات", "قوانین", "دستور"], script: /\p{Script=Arabic}/u },
  { name: "Urdu", dismiss: ["نظرانداز", "بھول جاؤ", "نظر انداز"], scope: ["تمام", "پچھلی", "سابقہ"], guidance: ["ہدایات", "قواعد", "احکامات"], script: /\p{Script=Arabic}/u },
  { name: "Hebrew", dismiss: ["התעלם", "תתעלם", "התעלמי", "שכח", "תשכח"], scope: ["כל", "הקודמות", "הקודמים", "שלך"], guidance: ["הוראות", "ההוראות", "כללים", "הכללים", "הנחיות", "ההנחיות"], script: /\p{Script=Hebrew}/u },
  { name: "Hindi and Marathi", dismiss: ["अनदेखा", "नज़रअंदाज़", "नजरअंदाज", "भूल जाओ", "भूल जा", "दुर्लक्ष"], scope: ["सभी", "सारे", "पिछले", "पिछली", "अपने", "पहले", "ऊपर"], guidance: ["निर्देश", "नियम", "आदेश", "सूचना"], script: /\p{Script=Devanagari}/u },
  { name: "Bengali", dismiss: ["উপেক্ষা", "ভুলে যাও", "ভুলে যান"], scope: ["সব", "আগের", "পূর্ববর্তী"], guidance: ["নির্দেশ\\p{L}*", "নিয়ম", "আদেশ"], script: /\p{Script=Bengali}/u },
  { name: "Tamil", dismiss: ["புறக்கணி", "மறந்துவிடு", "மறந்து"], scope: ["அனைத்து", "முந்தைய"], guidance: ["வழிமுறைகள்", "அறிவுறுத்தல்\\p{L}*", "விதிகள்"], script: /\p{Script=Tamil}/u },
  { name: "Thai", dismiss: ["เพิกเฉย", "ละเว้น", "ลืม", "ไม่ต้องสนใจ", "ไม่ต้องทำตาม"], scope: ["ทั้งหมด", "ก่อนหน้า", "ข้างต้น"], guidance: ["คำสั่ง", "คำแนะนำ", "กฎ"], script: /\p{Script=Thai}/u, spaced: false },
  { name: "Chinese", dismiss: ["忽略", "无视", "無視", "忽视", "忽視", "忘记", "忘記", "忘掉", "不要理会", "不要理會", "别管", "別管", "抛开", "拋開", "不要遵守", "不要遵循", "不用管"], scope: ["所有", "之前", "以前", "先前", "上面", "以上", "上述", "前面", "你的", "原来", "全部", "一切"], guidance: ["指令", "指示", "规则", "規則", "提示词", "提示詞", "命令", "设定", "設定", "约束", "約束", "说明", "說明"], script: /\p{Script=Han}/u, spaced: false },
  { name: "Japanese", dismiss: ["無視", "忘れ", "従わな"], scope: ["すべて", "全て", "以前", "前の", "これまで", "上記", "今まで"], guidance: ["指示", "命令", "ルール", "指令", "プロンプト", "設定", "制約"], script: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u, spaced: false },
  { name: "Korean", dismiss: ["무시", "잊어", "잊고", "따르지", "삭제", "지우고", "지워"], scope: ["모든", "이전", "위의", "앞의", "기존", "지금까지", "전부", "앞에서 받은"], guidance: ["지시", "명령", "규칙", "지침", "프롬프트", "설정"], script: /\p{Script=Hangul}/u, spaced: false },
  { name: "Hinglish", dismiss: ["bhool jao", "bhool ja", "bhul jao", "bhula do", "nazarandaaz karo", "nazarandaz karo", "ignore karo", "ignore kar do", "cancel kar do", "mat maano", "mat mano", "hata do"], scope: ["sab", "saare", "sare", "saari", "purane", "puraane", "pichhle", "pichle", "previous", "pehle ke", "upar ke", "is chat ke"], guidance: ["rules?", "nirdesh", "instructions?", "niyam", "commands?", "hidayat\\p{L}*", "aadesh"] },
];

/** What a prompt is called where "system prompt" is not said in English. */
const SYSTEM_PROMPT_NAMES = [
  "prompt (?:del|de) sistema", "prompt do sistema", "instrucciones del sistema", "invite système", "prompt système", "message système",
  "prompt di sistema", "systemprompt", "system-prompt", "systeemprompt", "prompt systemowy", "systémový prompt", "sistem istemi", "sistem komutu",
  "prompt sistem", "lời nhắc hệ thống", "системн\\p{L}* (?:промпт|подсказк|инструкци)\\p{L}*", "системн\\p{L}* (?:запит|підказк)\\p{L}*",
  "موجه النظام", "تعليمات النظام", "הנחיית המערכת", "סיסטם פרומפט", "सिस्टम प्रॉम्प्ट", "सिस्टम प्रोम्प्ट", "系统提示", "系統提示", "システムプロンプト", "시스템 프롬프트",
];

function languageRules({ dismiss, scope, guidance, script, spaced }: Language): Rule[] {
  const [start, end] = spaced === false ? ["", ""] : [B, E];
  const [verb, all, noun] = [dismiss, scope, guidance].map((words) => `${start}${alt(...words)}${end}`);
  const near = SAME_SENTENCE(30);
  const rules = [rule("override-instruction", `${verb}${near}${all}${near}${noun}|${verb}${near}${noun}${near}${all}|${all}${near}${noun}${near}${verb}`)];
  return script ? inScript(script, rules) : rules;
}

/** The model, named in other languages. */
const AI_NAMES = [
  "ia", "ki", "ии", "ші", "yapay zeka", "kecerdasan buatan", "trí tuệ nhân tạo", "sztuczna inteligencja", "umělá inteligence", "inteligencia artificial",
  "inteligência artificial", "intelligence artificielle", "intelligenza artificiale", "künstliche intelligenz", "kunstmatige intelligentie",
  "الذكاء الاصطناعي", "בינה מלאכותית", "कृत्रिम बुद्धि", "人工智能", "人工知能", "인공지능", "chatbot", "asistente", "assistente", "assistent", "asystent", "asistan",
  "модель", "ассистент", "асистент", "бот",
];
/** "Without rules, restrictions or filters", in other languages. */
const WITHOUT_LIMITS = [
  "sin (?:ninguna |ningún )?(?:reglas|restricciones|límites|filtros|censura)", "sem (?:nenhuma )?(?:regras|restrições|limites|filtros|censura)",
  "sans (?:aucune )?(?:règles?|restrictions?|limites?|filtres?|censure)", "senza (?:alcuna )?(?:regole|restrizioni|limiti|filtri|censura)",
  "ohne (?:jegliche )?(?:regeln|einschränkungen|grenzen|filter|zensur)", "zonder (?:regels|beperkingen|filters|censuur)",
  "bez (?:żadnych )?(?:zasad|ograniczeń|filtrów|cenzury)", "bez (?:pravidel|omezení|cenzury)", "(?:kısıtlama|kural|filtre)(?:sız| olmadan)",
  "tanpa (?:batasan|aturan|filter|sensor)", "không có (?:giới hạn|quy tắc|bộ lọc)", "без (?:\\p{L}+ )?(?:ограничений|правил|фильтров|цензуры|обмежень)",
  "بدون (?:أي )?(?:قيود|قواعد|فلتر)", "ללא (?:הגבלות|כללים|סינון)", "没有(?:任何)?(?:限制|规则|过滤)", "不受(?:任何)?限制", "制限(?:なし|のない|なく)", "제한 없(?:이|는)",
  "ohne (?:jede|jegliche|irgendeine) (?:einschränkung|zensur|grenze)", "sansürsüz", "filtresiz", "sınırsız", "без цензуры", "不加审查", "不受审查", "بلا قيود", "دون (?:أي )?(?:رفض|قيود)",
  "sin censura", "sans censure", "sem censura", "senza censura", "ohne zensur",
];
/** Answering, in other languages: an answer given without limits is the model's, never a shop's. */
const ANSWER = [
  "antworte", "beantworte", "antworten sie", "responde", "contesta", "réponds", "répondez", "responda", "rispondi", "cevap ver", "yanıt ver", "yanıtla",
  "ответь", "ответьте", "відповідай", "أجب", "أجيبي", "回答", "答えて", "대답해", "jawab", "trả lời", "odpowiedz", "antwoord", "svara",
];
/** "There are no rules any more", "a model that knows no rules", in other languages. */
const RULES_GONE = [
  "es gibt keine regeln mehr", "keine regeln mehr", "ya no hay reglas", "ya no tienes reglas", "il n'y a plus de règles", "tu n'as plus de règles",
  "não há mais regras", "non ci sono più regole", "artık kural yok", "kural tanımayan", "больше нет правил", "нет никаких правил", "لم تعد هناك قواعد", "不再有任何规则",
];
/** "You are now", "from now on you are", "pretend to be", in other languages. */
const NEW_IDENTITY = [
  "jij bent nu", "je bent nu", "doe alsof je", "teraz jesteś", "od teraz jesteś", "udawaj,? że", "artık sen", "şu andan itibaren sen", "sekarang kamu adalah",
  "mulai sekarang kamu", "berpura-puralah", "bây giờ bạn là", "từ giờ bạn là", "hãy giả vờ", "тепер ти", "віднині ти", "уяви,? що ти", "أنت الآن", "تظاهر بأنك",
  "אתה עכשיו", "מעכשיו אתה", "あなたは今", "今からあなたは", "これからあなたは", "이제 너는", "지금부터 너는", "이제부터 당신은", "ahora eres", "agora você é",
  "tu es maintenant", "ora sei", "du bist jetzt", "ab jetzt bist du",
];

/** Korean requests for what the model keeps to itself, and for its limits lifted ("개발자 메시지를 공개해", "필터를 우회해"). */
const KOREAN: Rule[] = inScript(/\p{Script=Hangul}/u, [
  rule("prompt-leak", `${alt("개발자\\s*메시지", "(?:숨겨진|내부)\\s*(?:규칙|지시|정책|설정)", "system\\s*prompt", "시스템\\s*prompt")}${SAME_SENTENCE(20)}${alt("공개", "보여", "출력", "알려", "print", "reveal", "show")}`),
  rule("prompt-leak", `${alt("api\\s*key", "비밀\\s*(?:값|키)", "토큰", "token", "credential", "비밀번호")}${SAME_SENTENCE(20)}${alt("공개", "보여", "출력", "알려", "읽어")}`),
  rule("override-instruction", `${alt("필터", "가드레일", "제한", "안전\\s*정책", "정책", "safety\\s*filter", "policy")}${SAME_SENTENCE(12)}${alt("우회", "무시", "bypass")}|${alt("탈옥", "jailbreak", "dan")}\\s*${alt("모드", "mode")}|명령만\\s*(?:실행|따라)|${alt("도구", "tool")}${SAME_SENTENCE(8)}호출${SAME_SENTENCE(30)}${alt("삭제", "열어", "읽어")}|비밀\\s*값${SAME_SENTENCE(8)}읽`),
]);

/** Overrides and lifted limits written the ways the language rows above miss: an infinitive, a noun form, a phrase of their own. */
const MORE_FORMS: Rule[] = [
  rule("override-instruction", `${B}${alt("игнорировать", "не учитывать")}${E}${SAME_SENTENCE(20)}${alt("предыдущ\\p{L}*", "все")}\\s+${alt("инструкци\\p{L}*", "указани\\p{L}*", "правил\\p{L}*")}`),
  rule("override-instruction", `${B}vergiss${E}\\s+alles,?\\s+was\\s+wir\\s+(?:\\p{L}+\\s+)?${alt("besprochen", "gesagt", "vereinbart")}|${B}(?:tienes|tiene)\\s+que\\s+olvidar\\s+todo${E}|${B}talimat\\p{L}*\\s+artık\\s+(?:benden|bizden)\\s+geliyor${E}`),
  inScript(/\p{Script=Devanagari}/u, [rule("override-instruction", `${alt("पिछले", "सभी", "पहले के")}\\s+${alt("निर्देशों", "निर्देश", "नियमों")}\\s+(?:की|को)\\s+${alt("अनदेखी", "अनदेखा", "नज़रअंदाज़")}`)]),
  inScript(/\p{Script=Bengali}/u, [rule("override-instruction", `যা\\s+বলা\\s+হয়েছে${SAME_SENTENCE(10)}উপেক্ষা`)]),
  inScript(/\p{Script=Arabic}/u, [rule("override-instruction", `${alt("تغاضى عن", "تجاهل", "نادیده بگیر")}${SAME_SENTENCE(30)}${alt("تعليمات\\p{L}*", "دستور\\p{L}*")}|${alt("دستور\\p{L}*", "تعليمات\\p{L}*")}${SAME_SENTENCE(20)}${alt("نادیده بگیر", "تجاهل")}`)]),
  inScript(/\p{Script=Han}/u, [rule("persona-switch", `${alt("从现在起", "从现在开始", "從現在起", "从今以后")}${SAME_SENTENCE(6)}${alt("没有", "不受", "沒有")}任何${alt("限制", "规则", "規則", "约束")}`)]),
].flat();

const LANGUAGE_TABLE: Rule[] = [
  ...LANGUAGES.flatMap(languageRules),
  rule("persona-switch", `${B}${alt(...AI_NAMES)}${E}${SAME_SENTENCE(40)}${B}${alt(...WITHOUT_LIMITS)}|${B}${alt(...WITHOUT_LIMITS)}${SAME_SENTENCE(40)}${B}${alt(...AI_NAMES)}${E}`),
  rule("persona-switch", `${B}${alt(...NEW_IDENTITY)}${SAME_SENTENCE(60)}(?:${B}${alt(...AI_NAMES)}${E}|${alt(...WITHOUT_LIMITS)}|${B}dan${E})`),
  rule("prompt-leak", `${B}${alt(...SYSTEM_PROMPT_NAMES)}`),
  rule("persona-switch", `${B}${alt(...ANSWER)}${SAME_SENTENCE(60)}${alt(...WITHOUT_LIMITS)}|${B}${alt(...RULES_GONE)}${E}`),
];

export const MULTILINGUAL_RULES: Rule[] = [...BY_LANGUAGE, ...ORIGINAL_RULES, ...FURTHER_LANGUAGES, ...LANGUAGE_TABLE, ...KOREAN, ...MORE_FORMS];
