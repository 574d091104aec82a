package rules

import "strings"

// Word lists the rules read. They are data, kept apart from the logic; the
// lists are deliberately small and general (no corpus sentence is special-
// cased here).

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// regularVerbs are common verbs with regular inflection (base forms).
var regularVerbs = strings.Fields(`
accept add admire adopt agree allow announce answer appear apply arrange arrive ask attend
avoid bake book borrow call care change chat check clean climb close collect compare
complain complete consider contact cook count crash create cycle dance decide delay
deliver depend deploy design destroy develop die discover discuss dislike divorce donate
download drop edit email employ end enjoy enter escape expect explain fail fill finish
fix follow form gain graduate guess hate help hike hire hope host hunt host ignore imagine
improve include install intend introduce invite join jump kill kiss land last laugh learn
lift like list listen live look love manage marry matter measure mention migrate miss move
need offer open order organise organize own paint park pass pick plan play post practise
practice prefer prepare present pretend print produce promise protect provide publish
pull push reach receive recommend record reduce refuse release relax rely remember remind
remove rent repair repeat replace reply report request require rescue rest retire return
review ride rush save schedule scroll sell serve settle share ship shop sign ski smile
smoke solve start stay step stop study submit suggest support suppose surf switch talk
test text thank track train transfer travel treat trust try turn type update upgrade use
vacation visit volunteer vote wait walk want wash watch welcome wish wonder work worry
adore detest loathe value struggle host launch run manage lead own enroll enrol attend
celebrate commit visit restore archive backup benchmark cancel postpone reschedule
migrate refactor rewrite merge rollback roll revert configure debug document interview
apply onboard adopt rescue foster paint sketch garden jog swim bike kayak camp fish
file renew book cancel confirm email call phone ping message reply pack unpack clean fix
ship review approve reject sign submit finish own order deliver pick drop collect fetch
renew register enrol enroll vaccinate visit paint decorate cook bake grill brew knit sew
code program deploy release launch publish announce hire onboard fire promote interview
negotiate invoice pay charge refund budget forecast audit test debug refactor document
rename archive delete restore migrate upgrade downgrade patch monitor alert page escalate
mentor coach tutor babysit walk feed bathe groom treat prescribe diagnose operate recover
exercise stretch lift row climb hike bike skate snowboard surf dive sail fish hunt garden
plant water mow rake vacuum dust iron wash dry fold shop browse rent lease mortgage insure
own borrow lend donate volunteer celebrate host attend join quit retire graduate relocate
commute drive park fuel charge repair replace install assemble clean tidy organise organize
name bank expire depart ditch swap trade scrap dump rebook
`)

// irregularVerbs: base, past, past participle.
var irregularVerbs = [][3]string{
	{"be", "was", "been"}, {"have", "had", "had"}, {"do", "did", "done"}, {"go", "went", "gone"},
	{"get", "got", "gotten"}, {"make", "made", "made"}, {"take", "took", "taken"}, {"see", "saw", "seen"},
	{"come", "came", "come"}, {"give", "gave", "given"}, {"find", "found", "found"}, {"tell", "told", "told"},
	{"say", "said", "said"}, {"think", "thought", "thought"}, {"leave", "left", "left"}, {"feel", "felt", "felt"},
	{"buy", "bought", "bought"}, {"bring", "brought", "brought"}, {"begin", "began", "begun"},
	{"run", "ran", "run"}, {"write", "wrote", "written"}, {"speak", "spoke", "spoken"}, {"eat", "ate", "eaten"},
	{"drink", "drank", "drunk"}, {"fly", "flew", "flown"}, {"drive", "drove", "driven"}, {"ride", "rode", "ridden"},
	{"sell", "sold", "sold"}, {"send", "sent", "sent"}, {"spend", "spent", "spent"}, {"build", "built", "built"},
	{"lose", "lost", "lost"}, {"win", "won", "won"}, {"pay", "paid", "paid"}, {"hear", "heard", "heard"},
	{"keep", "kept", "kept"}, {"hold", "held", "held"}, {"stand", "stood", "stood"}, {"know", "knew", "known"},
	{"grow", "grew", "grown"}, {"throw", "threw", "thrown"}, {"choose", "chose", "chosen"}, {"break", "broke", "broken"},
	{"forget", "forgot", "forgotten"}, {"sit", "sat", "sat"}, {"sleep", "slept", "slept"}, {"swim", "swam", "swum"},
	{"sing", "sang", "sung"}, {"teach", "taught", "taught"}, {"catch", "caught", "caught"}, {"fight", "fought", "fought"},
	{"wear", "wore", "worn"}, {"become", "became", "become"}, {"fall", "fell", "fallen"}, {"lead", "led", "led"},
	{"read", "read", "read"}, {"meet", "met", "met"}, {"put", "put", "put"}, {"set", "set", "set"},
	{"cut", "cut", "cut"}, {"let", "let", "let"}, {"quit", "quit", "quit"}, {"hurt", "hurt", "hurt"},
	{"understand", "understood", "understood"}, {"draw", "drew", "drawn"}, {"show", "showed", "shown"},
	{"mean", "meant", "meant"}, {"lend", "lent", "lent"}, {"bake", "baked", "baked"}, {"hide", "hid", "hidden"},
	{"shut", "shut", "shut"}, {"split", "split", "split"}, {"spread", "spread", "spread"}, {"bet", "bet", "bet"},
	{"cost", "cost", "cost"}, {"deal", "dealt", "dealt"}, {"feed", "fed", "fed"}, {"light", "lit", "lit"},
	{"shoot", "shot", "shot"}, {"stick", "stuck", "stuck"}, {"strike", "struck", "struck"}, {"wake", "woke", "woken"},
	{"forgive", "forgave", "forgiven"}, {"freeze", "froze", "frozen"}, {"rise", "rose", "risen"},
	{"shake", "shook", "shaken"}, {"steal", "stole", "stolen"}, {"tear", "tore", "torn"}, {"bite", "bit", "bitten"},
	{"blow", "blew", "blown"}, {"dig", "dug", "dug"}, {"hang", "hung", "hung"}, {"seek", "sought", "sought"},
	{"sweep", "swept", "swept"}, {"swing", "swung", "swung"}, {"undergo", "underwent", "undergone"},
	{"overcome", "overcame", "overcome"}, {"withdraw", "withdrew", "withdrawn"}, {"rebuild", "rebuilt", "rebuilt"},
	{"redo", "redid", "redone"}, {"rerun", "reran", "rerun"}, {"upset", "upset", "upset"},
}

// doubling verbs double their last consonant: stop -> stopped, stopping.
var doubling = set(`stop plan ship drop prefer commit admit chat shop jog plug skip step travel
refer occur regret permit submit control patrol rob grab hug jam nod tap trim wrap swap scan
sun fit rub beg dip flip grip hop mop pat pin rip slip snap spot strip tip zip cancel label model
signal fuel dial total quiz spam kayak`)

// aux are auxiliaries and modals; their forms come before the main verb.
var aux = set(`am is are was were be been being have has had having do does did will would shall
should can could may might must 'm 's 're 've 'd 'll ca wo`)

var beForms = set(`am is are was were be been being 'm 're`)

// negWords negate the verb they stand with.
var negWords = set(`not n't never`)

// adverbs that may stand between auxiliary and verb, or before the verb.
var midAdverbs = set(`also still now really just always usually actually already finally
currently mostly mainly officially definitely absolutely totally completely recently
sometimes often rarely seriously literally basically honestly even only probably maybe
ever again kinda pretty quite very so`)

// pronounKeys are the subject keys of pronouns ("" for an unresolved
// third person, filled from context).
var firstPerson = set(`i me my myself mine`)
var firstPlural = set(`we us our ours ourselves`)
var secondPerson = set(`you your yours yourself`)
var thirdPerson = set(`he him his she her hers they them their theirs`)

var possessives = set(`my our your his her their`)

var determiners = set(`the a an this that these those some any each every another its`)

// preps are prepositions that may join a verb as its particle.
var preps = set(`in at on to for from with off into onto about of by as over under out up down
like through across around near`)

// valueCuts end a value: what follows is a reason, a purpose, another
// clause.
var valueCuts = set(`because since so which who whom whose when while although though but if
unless until for with as via after before whereas except cause coz bc and or also then
where`)

// kinship and role words that introduce a person's name: "my sister Anna".
var kinship = set(`sister brother mother father mom mum dad mommy daddy wife husband partner
girlfriend boyfriend fiance fiancee son daughter kid kids child children baby cousin aunt uncle
niece nephew grandma grandpa grandmother grandfather granny friend bestie colleague coworker
co-worker teammate boss manager lead mentor mentee neighbour neighbor roommate flatmate landlord
doctor dentist therapist coach teacher tutor student intern client customer cofounder co-founder
founder ceo cto cfo vp director assistant dog cat puppy kitten pet hamster parrot horse
grandson granddaughter grandchild grandkid stepson stepdaughter stepmother stepfather stepmom stepdad
mother-in-law father-in-law sister-in-law brother-in-law son-in-law daughter-in-law`)

// personVerbs, after a capitalised name, make it a person.
var personVerbs = set(`owns leads manages mentors coaches wrote built founded joined said says told tells thinks thought asked asks wants wanted lives lived
works worked loves loved likes liked hates hated prefers preferred is was visited visits met
called calls emailed texted moved married joined left graduated studies studied teaches
taught leads led manages managed reports reported has had will would can could needs needed
feels felt went goes came comes bought plays played runs ran
scored scores sang sings danced dances cooked cooks baked bakes painted paints swam swims
hiked climbed proposed retired cried laughed apologised apologized promised agreed suggested
recommended replied phoned rang smiled`)

// personPreps: "with X", "met X", "told X" before a capitalised name.
var personBefore = set(`with met told asked called emailed texted messaged thanked visited
married hired fired introduced invited and mentor boss by from`)

// titles before a person's name.
var titles = set(`mr mrs ms miss dr prof professor sir dame aunt uncle`)

// placeBefore words make an unknown capitalised word after them a place
// when the verb is one of movement or dwelling.
var placeVerbs = set(`live lives lived living moved move moving went go going goes flew fly
flying travel travelled traveled traveling travelling visit visited visiting trip holiday
vacation born raised relocated relocating based stayed stay staying arrived arriving drove
drive driving spent spend spending`)

// orgBefore: "works at X", "joined X", "interview at X".
var orgVerbs = set(`work works worked working join joined joining hired interview interviewed
intern interned employed contract contracted acquired quit left`)

var orgSuffixes = set(`Inc Inc. Ltd Ltd. LLC Corp Corp. Corporation GmbH PLC plc Bank University
College School Hospital Institute Foundation Labs Lab Group Agency Council Ministry Company
Partners Studios Studio Airlines Airways Records Press Club Association Society Academy
Capital Ventures Technologies Systems Software Consulting Clinic Church Museum Library
Office Infirmary Police Trust Sons Brothers Bros Charity Service Services Authority Department
Commission Federation Union Cooperative Co-op Surgery Practice Gallery Theatre Theater Orchestra
Insurance Bakery Brewery Pharmacy Mosque Synagogue Temple Cathedral`)

var placeSuffixes = set(`City Street St Avenue Ave Road Rd Park Lake Mountain Mountains Mount
River Beach Island Islands County Airport Station Valley Bay Canyon Falls Square Bridge
Coast Hills Village Town Harbour Harbor Peninsula Desert Forest National`)

// knownSystems maps lower-case names of common software and platforms to
// their usual spelling.
var knownSystems = func() map[string]string {
	m := map[string]string{}
	for _, n := range strings.Fields(`Postgres PostgreSQL MySQL MariaDB SQLite MongoDB Redis Kafka
RabbitMQ NATS Neo4j Weaviate Elasticsearch OpenSearch Cassandra DynamoDB Snowflake BigQuery
Redshift ClickHouse Spark Airflow Flink Hadoop Kubernetes k8s Docker Terraform Ansible Jenkins
CircleCI Nginx Apache Grafana Prometheus Datadog Sentry Vault Consul Nomad Vercel Heroku Netlify
Cloudflare Linux Ubuntu Debian macOS Windows iOS Android GraphQL gRPC REST Go Golang Python Rust
Java JavaScript TypeScript Kotlin Swift Ruby Rails Django Flask FastAPI React Vue Angular Svelte
Node.js Deno Bun PHP Laravel Scala Elixir Haskell Excel Figma Notion Jira Confluence Slack
Zoom Teams Trello Asana Linear GitLab GitHub Bitbucket Git VSCode Vim Neovim Emacs IntelliJ
Xcode ChatGPT Claude Gemini Copilot Llama Mistral Stripe Twilio Shopify WordPress Salesforce
HubSpot Zendesk Tableau Looker Metabase Dropbox iCloud OneDrive Gmail Outlook Spotify Netflix
Kindle iPhone iPad MacBook ThinkPad Pixel Android Playwright Selenium Cypress Jest Pytest
Webpack Vite Babel npm pip Cargo Maven Gradle Bazel Helm Istio Envoy Lambda S3 EC2 ECS EKS
GKE AKS Fargate Cloudflare Supabase Firebase Airtable Zapier Kibana Logstash Memcached Celery
Sidekiq Pandas NumPy PyTorch TensorFlow Jupyter Tailwind Bootstrap Obsidian Anki Duolingo
Strava Garmin Fitbit Peloton Tesla Prius Photoshop Lightroom Premiere Blender Unity Unreal
AWS GCP Azure Okta Auth0 OAuth Keycloak OpenAI Postman Insomnia Grafana Loki Tempo Jaeger
Zipkin Argo ArgoCD Flux Pulumi CloudFormation Heroku DigitalOcean Linode Hetzner Proxmox
VMware VirtualBox Vagrant Podman Minikube Kind Rancher OpenShift Knative Dapr Temporal
Hasura Prisma Sequelize Hibernate SQLAlchemy Alembic Flyway Liquibase Debezium Pulsar Kinesis
SQS SNS Pub/Sub Dataflow Beam Dagster Prefect dbt Fivetran Airbyte Superset Mode Hex`) {
		m[strings.ToLower(n)] = n
	}
	// multi-word and later additions: frameworks, browsers, CDNs,
	// accounting and office software
	for _, n := range strings.Split(`React Native|Flutter|Ionic|Electron|Xamarin|Next.js|Nuxt|Remix|Gatsby|Ember|jQuery|Redux|Internet Explorer|Chrome|Firefox|Safari|Opera|Brave|Microsoft Edge|Fastly|Akamai|Xero|QuickBooks|Sage|FreeAgent|Wave|SAP|Workday|NetSuite|Google Docs|Google Sheets|Google Drive|Google Calendar|Microsoft Word|Microsoft Teams|PowerPoint|Word|Keynote|Pages|Numbers|Canva|Miro|Basecamp|Monday.com|ClickUp|Todoist|Evernote|1Password|LastPass|Bitwarden|Visual Studio|Visual Studio Code|Android Studio|Eclipse|PyCharm|WebStorm|Sublime Text|Heroku|Render|Fly.io|Railway`, "|") {
		m[strings.ToLower(n)] = n
	}
	// Words that are also ordinary English are known systems only when
	// capitalised mid-sentence; see ambiguousSystems.
	return m
}()

// ambiguousSystems are system names that are also ordinary words; they
// count only when written capitalised and not at the start of a sentence.
var ambiguousSystems = set(`sage wave opera brave word pages numbers keynote render railway
eclipse ember remix ionic electron flutter chrome safari
go rest swift ruby rails mode hex linear teams zoom notion vault
consul nomad spark flask react vue kind beam flux argo tempo loki pixel unity unreal
temporal cargo bun envoy lambda helm prefect mode looker git pip`)

var knownOrgs = func() map[string]string {
	m := map[string]string{}
	for _, n := range strings.Fields(`Google Apple Microsoft Amazon Meta Facebook Netflix IBM Intel
AMD Nvidia Oracle SAP Adobe Uber Lyft Airbnb Spotify Twitter LinkedIn Anthropic OpenAI
DeepMind Tesla SpaceX NASA ESA WHO UN UNICEF BBC CNN NHS FBI CIA MIT Stanford Harvard Oxford
Cambridge Yale Princeton Berkeley Deloitte McKinsey Accenture KPMG PwC EY Goldman JPMorgan
Barclays HSBC Santander Revolut Monzo Wise PayPal Visa Mastercard Walmart Target IKEA Zara
H&M Nike Adidas Samsung Sony Nintendo Toyota BMW Volkswagen Siemens Philips Unilever Nestle
Starbucks McDonald's Costco Etsy eBay Reddit Discord Twitch YouTube Instagram TikTok WhatsApp
Telegram Signal Mozilla Wikipedia Canonical RedHat Atlassian Salesforce Shopify Stripe Cloudflare
Datadog Snowflake Databricks Confluent HashiCorp Vercel Figma Notion Dropbox Zoom Slack`) {
		m[strings.ToLower(n)] = n
	}
	// airlines
	for _, n := range strings.Split(`Ryanair|easyJet|Lufthansa|British Airways|KLM|Air France|Emirates|Qatar Airways|Etihad|Turkish Airlines|Iberia|Vueling|TAP Air Portugal|Wizz Air|Aer Lingus|Finnair|Austrian Airlines|Brussels Airlines|Air Canada|WestJet|United Airlines|American Airlines|JetBlue|Alaska Airlines|Qantas|Virgin Atlantic|Virgin Australia|Air New Zealand|Singapore Airlines|Cathay Pacific|Japan Airlines|Korean Air|Air India|IndiGo|Aeromexico|LATAM|Avianca|Ethiopian Airlines|Kenya Airlines|Norwegian Air|Jet2|Eurowings|Icelandair|Aegean|Transavia|Volotea`, "|") {
		m[strings.ToLower(n)] = n
	}
	return m
}()

// knownPlaces maps lower-case place names (and their common acronyms) to
// their usual spelling.
var knownPlaces = func() map[string]string {
	m := map[string]string{}
	for _, n := range strings.Split(`Lisbon|Porto|Madrid|Barcelona|Valencia|Seville|Paris|Lyon|Marseille|Nice|London|Manchester|Edinburgh|Glasgow|Dublin|Cork|Belfast|Berlin|Munich|Hamburg|Frankfurt|Cologne|Vienna|Zurich|Geneva|Basel|Amsterdam|Rotterdam|Utrecht|Brussels|Antwerp|Copenhagen|Stockholm|Oslo|Helsinki|Reykjavik|Warsaw|Krakow|Prague|Budapest|Bucharest|Sofia|Athens|Istanbul|Rome|Milan|Naples|Florence|Venice|Turin|Bologna|Moscow|Kyiv|Kiev|Tallinn|Riga|Vilnius|Ljubljana|Zagreb|Belgrade|Tokyo|Kyoto|Osaka|Seoul|Busan|Beijing|Shanghai|Shenzhen|Hong Kong|Taipei|Singapore|Bangkok|Hanoi|Jakarta|Bali|Manila|Mumbai|Delhi|New Delhi|Bangalore|Bengaluru|Chennai|Hyderabad|Karachi|Dubai|Abu Dhabi|Doha|Tel Aviv|Jerusalem|Cairo|Lagos|Nairobi|Accra|Cape Town|Johannesburg|Marrakech|Casablanca|Sydney|Melbourne|Brisbane|Perth|Auckland|Wellington|New York|New York City|NYC|Brooklyn|Manhattan|Queens|Boston|Chicago|Seattle|Portland|San Francisco|SF|Los Angeles|LA|San Diego|San Jose|Oakland|Austin|Dallas|Houston|Denver|Phoenix|Atlanta|Miami|Orlando|Nashville|Detroit|Minneapolis|Philadelphia|Pittsburgh|Washington|Baltimore|Las Vegas|Salt Lake City|Honolulu|Anchorage|Toronto|Montreal|Vancouver|Ottawa|Calgary|Quebec|Mexico City|Cancun|Havana|Bogota|Lima|Santiago|Buenos Aires|Sao Paulo|São Paulo|Rio|Rio de Janeiro|Montevideo|Portugal|Spain|France|Germany|Italy|Greece|Ireland|England|Scotland|Wales|UK|United Kingdom|Britain|Great Britain|Netherlands|Holland|Belgium|Switzerland|Austria|Denmark|Sweden|Norway|Finland|Iceland|Poland|Czechia|Hungary|Romania|Bulgaria|Croatia|Serbia|Slovenia|Ukraine|Russia|Turkey|Estonia|Latvia|Lithuania|Japan|China|Korea|South Korea|Taiwan|Thailand|Vietnam|Indonesia|Philippines|Malaysia|India|Pakistan|Nepal|Sri Lanka|Israel|Egypt|Morocco|Nigeria|Kenya|Ghana|South Africa|Australia|New Zealand|USA|US|United States|America|Canada|Mexico|Cuba|Brazil|Argentina|Chile|Peru|Colombia|Uruguay|Europe|Asia|Africa|Oceania|North America|South America|Antarctica|EU|California|Texas|Florida|Oregon|Colorado|Hawaii|Alaska|Maine|Vermont|Arizona|Nevada|Utah|Georgia|Virginia|Ohio|Michigan|Illinois|Massachusetts|Bavaria|Tuscany|Sicily|Sardinia|Crete|Corsica|Provence|Normandy|Brittany|Andalusia|Catalonia|Algarve|Madeira|Azores|Canary Islands|Tenerife|Mallorca|Ibiza|Alps|Pyrenees|Dolomites|Himalayas|Rockies|Yosemite|Patagonia|Lake Como|Lake Tahoe|Sintra|Cascais|Coimbra|Braga|Faro|Snowdon|Ben Nevis|Scafell Pike|Everest|Mount Everest|Kilimanjaro|Mont Blanc|Matterhorn|Eiger|Jungfrau|Zugspitze|Triglav|Etna|Vesuvius|Olympus|Mount Olympus|Fuji|Mount Fuji|Denali|Aconcagua|Elbrus|Kinabalu|Table Mountain|Mount Kenya|Mount Rainier|Half Dome|Uluru|Ayers Rock|Machu Picchu|Stonehenge|Niagara Falls|Grand Canyon|Lake District|Peak District|Cotswolds|Highlands|Skye|Isle of Skye`, "|") {
		m[strings.ToLower(n)] = n
	}
	return m
}()

// commonAcronyms are all-caps words that are not names.
var commonAcronyms = set(`API APIs CEO CTO CFO COO VP PR QA UI UX OK TV ETA FYI ASAP TBD PDF CSV JSON
HTML CSS URL URLs HR IT PM AM BTW OKR OKRs KPI KPIs SLA SLAs MVP DM DMs SQL SDK SDKs CLI CI CD
ID IDs IP RAM CPU GPU SSD HDD USB OS LOL OMG IMO TL DR ROI B2B B2C SaaS FAQ ASAP AI ML LLM LLMs
NDA RSVP PTO WFH EOD EOW EOM ETL P0 P1 P2 Q1 Q2 Q3 Q4 H1 H2 I TLS SSL DNS VPN HTTP HTTPS SSH FTP
SMTP MRI CT ECG ER ICU GP PhD MBA MSc BSc GDPR HIPAA SOC ISO LGBTQ LGBTQ+ LGBT ADHD COVID TBH IDK
FOMO DIY RIP NYE BBQ AC PS`)

// nonEntities are capitalised words that are not names: nationalities and
// languages, holidays, days' parts.
var nonEntities = set(`english spanish portuguese french german italian dutch greek polish
russian ukrainian swedish danish norwegian finnish irish scottish welsh british american
canadian mexican brazilian argentinian chinese japanese korean thai vietnamese indian
pakistani turkish arabic hebrew persian african european asian latin mandarin cantonese
hindi swahili easter christmas halloween thanksgiving diwali ramadan hanukkah eid passover
xmas mondays tuesdays wednesdays thursdays fridays saturdays sundays weekdays weekends
tue tues wed weds thu thur thurs fri
january february march july september october november december`)

// firstNames is a list of common given names, used to tell a person from
// a project or product when nothing else does.
var firstNames = set(`anna ana maria mary john james robert bob michael mike william david
richard joseph thomas tom charles chris christopher daniel dan matthew matt anthony mark
donald steven steve paul andrew andy joshua kenneth kevin brian george timothy ronald edward
jason jeffrey ryan jacob gary nicholas nick eric jonathan stephen larry justin scott brandon
benjamin ben samuel sam gregory alexander alex patrick frank raymond jack dennis jerry tyler
aaron jose adam nathan henry douglas zachary peter pete kyle ethan walter noah jeremy
christian keith roger terry gerald harold sean austin carl arthur lawrence dylan jesse jordan
bryan billy joe bruce gabriel logan albert willie alan juan wayne elijah randy roy vincent
ralph eugene russell bobby mason philip louis liam lucas oliver leo luca marco mateo hugo
pedro joao miguel rui tiago diogo carlos luis jorge pablo javier diego sofia sophia olivia
emma ava isabella mia amelia harper evelyn abigail emily elizabeth ella chloe grace lily
zoe zoey nora hannah lucy sarah sara jessica jennifer linda patricia barbara susan karen
nancy lisa betty margaret sandra ashley kimberly donna michelle dorothy carol amanda melissa
deborah stephanie rebecca laura sharon cynthia kathleen amy shirley angela helen brenda
pamela nicole samantha katherine kate katie christine debra rachel catherine carolyn janet
ruth heather diane virginia julie joyce victoria kelly christina lauren joan evelyn judith
megan cheryl andrea martha jacqueline frances gloria teresa kathryn sara janice jean alice
madison doris abby julia judy marie denise beverly amber theresa danielle marilyn diana
natalie brittany charlotte rose alexis kayla caroline melanie jolene nate joanna gina deb
priya raj rahul arjun ananya aisha fatima omar ali ahmed mohammed muhammad hassan yusuf
leila layla yuki hiro kenji akira mei wei li chen ming jin min ji hana soo jun tariq
ingrid astrid lars sven erik anders nils freya elsa klaus hans jurgen dieter heinz petra
ines beatriz joana mariana catarina rita marta paula clara lucia elena irina olga natasha
ivan dmitri sergei vladimir nikolai boris tanya svetlana katya agnieszka piotr tomasz
marek pavel jan jana eva lukas jakub francesca giulia chiara giovanni giuseppe alessandro
matteo lorenzo antonio fabio sergio emil emilia oscar felix max moritz paul jonas finn
noah elias mila lena lea hannah laura sophie marie mathilde camille chloe manon louise
jules gabriel arthur raphael nina zara maya mira nadia rosa tess ivy ruby jade iris luna
stella hazel violet aurora penelope eleanor audrey claire ellie maddie molly daisy poppy
evie freddie archie alfie harry charlie george teddy ollie jamie toby rory callum connor
declan aidan niamh siobhan aoife ciara saoirse seamus padraig marcus ravi lena leo dana
ingrid kenji danielle marco sara ana jon chidi rahul priyanka marta tomas mateus bruno
andre andrea yara zainab amir reza nikhil vikram deepak sunil anil kavya aditi neha pooja
sanjay arun maya noor sofia lucas gustavo rafael felipe camila valentina isabel beatriz
aaliyah jamal malik tyrone keisha darnell latoya shanice dwayne
greta amira wilhelm kemal emre mehmet ayse elif zeynep burak can deniz selin murat
fatih hakan onur ozan leyla dilara yasmin yasmine salma samira karim khalid tarek
mustafa ibrahim ismail hamza bilal zaid layla mariam maryam farid rashid nasser
sultan aziz hussein abdul abdullah aisha khadija amina halima chiamaka chinedu
emeka ngozi obinna adaeze tunde bola funmi kwame kofi ama akosua abena thabo sipho
lerato zanele themba wanjiru njeri otieno achieng haruto yuto sota ren hinata yui
aoi sakura kenta takeshi hiroshi yuko naoko minji jisoo hyun seojun jiwoo haeun
wen xin yan hui jing lei tao fang ying ling dong anh minh linh thanh huong nguyen
arnav aarav vivaan ishaan kabir rohan karan siddharth aditya varun akash ankit
rajesh suresh ramesh mahesh ganesh lakshmi meera radha shreya divya anjali kavita
sunita rekha geeta swati nisha ritu pallavi bianca giorgia alessia martina sara
federico riccardo davide simone stefano paolo pietro carlo enzo luigi mario franco
bruna leticia larissa thiago rodrigo bernardo henrique vitor joaquim duarte goncalo
afonso salvador santiago alejandro alvaro ignacio manuel fernando ricardo eduardo
raul andres nicolas sebastian emiliano ximena lupita guadalupe alba nerea irene
lucia carmen pilar rocio marisol inmaculada dolores jose maria pierre jean luc
francois antoine guillaume baptiste mathieu etienne benoit thierry olivier sylvie
nathalie isabelle celine aurelie margaux juliette ines elodie anais wilhelmina
friedrich johann matthias jurgen uwe torsten sabine ute birgit heike anke katrin
kerstin silke jorg sebastian florian fabian dominik philipp niklas leon
ben jonas elias luis finn lina lea emma mia hanna leni ida frieda greta clara
emil anton karl otto henri bjorn gunnar magnus henrik mikkel rasmus soren
kasper jesper frederik sigrid solveig ingeborg liv maja ebba alma agnes wilma
saga linnea aino eero juha jukka mikko timo ville pekka sanna tiina riikka
zofia krzysztof wojciech pawel michal kamil bartosz malgorzata katarzyna
magdalena ewa dorota petr jiri tereza lucie milan zoran dragan nikola jelena
ivana ana marija luka filip andrej stefan dimitar georgi yordan elena maria
nikos giorgos kostas yannis eleni sofia katerina dimitra vasilis andreas
aleksander aleksandra oksana olena taras bohdan andriy yulia iryna natalia
sasha misha alexei anastasia ekaterina daria polina arina kirill maxim artem
rhys dylan gareth gethin sian cerys megan bethan carys ffion ewan fraser
hamish angus iain calum mairi eilidh isla skye kirsty shona morag lachlan
cormac eoin oisin fionn cillian darragh ronan tadhg sinead grainne roisin`)

// commonWords are frequent English words that may start a sentence with a
// capital without being a name.
var commonWords = set(`a about above after again against all also am an and any are as at back
be because been before being below between both but by can could did do does doing done down
during each even ever every few for from further had has have having he her here hers herself
him himself his how however i if in into is it its itself just least less let like made make
many may me might more most much must my myself never new next no nor not now of off often
oh ok okay on once one only or other our ours ourselves out over own please quite rather
really same she should since so some still such sure than thank thanks that the their theirs
them themselves then there these they this those though through thus to too under until up
upon us very was we well were what whatever when where whether which while who whom whose
why will with within without would yes yet you your yours yourself yourselves yeah yep yup
hey hi hello dear great good nice cool awesome wow sorry anyway actually also btw today
tomorrow yesterday tonight last this next maybe perhaps probably definitely honestly
basically apparently hopefully unfortunately fortunately luckily sadly finally first second
mostly usually normally generally typically mainly nearly almost seriously literally obviously
clearly certainly eventually initially originally officially
then later earlier recently lately currently meanwhile besides instead otherwise therefore
correction update note edit ps fyi reminder todo decision important warning summary action
re subject q a user assistant human speaker everyone someone anyone nobody everybody
something anything nothing everything let's lets i'm i've i'll i'd we're we've we'll
it's that's there's here's what's who's he's she's they're they've you're you've
can't don't doesn't didn't won't isn't aren't wasn't weren't haven't hasn't shouldn't
wouldn't couldn't mustn't please congrats congratulations happy love glad proud excited
thank
woah whoa aww aw yo anytime woohoo woo yay omg ooh ha haha hah hehe lol congrats
congratulations bye cheers welcome nah hmm ugh phew gosh ah aha yikes hooray oops hiya howdy`)

// chitchat words carry no memory on their own ("that's awesome, thanks!").
var chitchat = set(`happy merry cheers thanks thank you great awesome cool nice wow haha lol lmao omg congrats
congratulations amazing wonderful fantastic lovely glad happy sounds sound good love hear
sorry okay ok yes yeah yep sure fun exciting interesting true totally agree absolutely
welcome bye goodbye hi hello hey morning evening night see soon later talk luck care
that's it's really so much very too just what how oh ah hmm well right indeed awesome
incredible beautiful cute sweet brilliant perfect super`)

// stopwords are ignored when counting a sentence's content.
var stopwords = set(`a an the and or but if of to in on at by for with from as is are was were be
been being am i me my we us our you your he him his she her it its they them their this that
these those there here what which who whom whose when where why how do does did have has had
will would can could should shall may might must not no so just very too also then than
'm 's 're 've 'd 'll n't all any some`)

// propertyNouns name a property a thing has one value of ("version",
// "birthday"); a copula on one reads as subject / property / value.
var propertyNouns = set(`version name age birthday email phone number address title role job
status deadline date price cost budget owner lead manager boss capital headcount salary rent
timezone zone port url city country hometown database db language colour color size height
weight score limit timeout branch team department office partner wife husband spouse doctor
dentist pronouns nickname handle editor ide shell car plan tier license licence food drink
movie film book song band sport game season dish cuisine animal flower restaurant author
artist singer show series hobby place destination airline release stack runtime framework
host provider cloud bank gym school university major degree password passcode pin username`)

// propertyPrefixes make the next words a property: "favourite colour".
var propertyPrefixes = set(`favourite favorite current main primary preferred default usual new
old home work personal`)

// compoundProperties are two-word properties.
var compoundProperties = set(`rate_limit release_date due_date phone_number email_address home_address
time_zone start_date launch_date birth_date end_date go-live_date cut-off_date ship_date
first_name last_name full_name blood_type blood_group birth_place native_language first_language
mother_tongue native_tongue`)

// groupHeads make a subject a group of people ("the payments team").
var groupHeads = set(`team teams company department org organisation organization group squad
crew family everyone household startup agency`)

// preferenceVerbs map to the three preference attributes.
var preferenceVerbs = map[string]string{
	"like": "likes", "love": "likes", "enjoy": "likes", "adore": "likes",
	"hate": "dislikes", "dislike": "dislikes", "detest": "dislikes", "loathe": "dislikes",
	"prefer": "prefers",
}

// decisionVerbs make a clause a decision.
var decisionVerbs = set(`decide choose opt select settle agree pick`)

// commitVerbs take an infinitive that is a commitment: "I promised to".
var commitVerbs = set(`promise commit need have plan intend`)

// migrationVerbs with "off/from X (to Y)" record a change of what is used.
var migrationVerbs = set(`move switch migrate port transition change`)

// hedges lower confidence: "I think", "probably".
var hedgeWords = set(`think guess believe suppose probably maybe perhaps possibly might
apparently reckon`)

// leadingFillers are dropped from the start of a sentence.
var leadingFillers = set(`oh well so also and but btw fyi ok okay yeah yes yep anyway honestly
basically hey hmm um uh alright right plus then lol haha ps quick just reminder heads`)

// startNouns are ordinary words often written first in a sentence that
// are not names when nothing else says so ("Blue is my favourite colour").
var startNouns = set(`red blue green yellow black white purple pink orange grey gray brown
version release deadline meeting lunch dinner breakfast coffee tea work school home weekend
summer winter spring autumn fall everything nothing someone mom mum dad`)

// correctionLead words start a correction: "Actually, ...", "Correction:".
var correctionLead = set(`actually correction update wait oops scratch nope no sorry`)

// timetableVerbs say when something happens; with no other object, the
// time they are said with is their value ("the term starts on 2
// September").
var timetableVerbs = set(`start begin end finish open close expire leave depart arrive land
kick`)

// talkNouns are ordinary nouns that open a sentence of talk and are no
// one's name: "Life is good", "Nature has a way", "Challenges are part of
// it". Names that are also words (Hope, Faith, Grace, Joy, Pepper) are not
// here.
var talkNouns = set(`life nature progress success freedom confidence balance family home music
art love happiness health fitness travel friendship kindness growth change time money work
challenges setbacks tons lots things sounds users animals movies allergies exams finals
injury injuries pets kids people friends stuff everything sports games books food dance
yoga pottery painting photography cooking baking writing reading hiking running swimming`)
