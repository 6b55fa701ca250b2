"""The demo catalogue in English, Spanish and German: every category and article name, the
sections and promotions, and the descriptions built from the level-3 blurbs (every article of
the home sections has one). French is the source (`demo_data`); this module only maps it.

Why text tables: one line per French text, `fr|en|es|de`, reads and reviews like a glossary,
and a test checks that every French name of the demo has its line.
"""

from __future__ import annotations

from collections.abc import Iterator

Texts = tuple[str, str, str]  # en, es, de
LANGS = ("en", "es", "de")


def _table(block: str) -> dict[str, Texts]:
    out: dict[str, Texts] = {}
    for line in block.strip().splitlines():
        fr, en, es, de = line.split("|")
        out[fr] = (en, es, de)
    return out


# fmt: off
CATEGORY_NAMES = _table("""
Accessoires de ménage|Household accessories|Accesorios del hogar|Haushaltszubehör
Agrumes|Citrus fruit|Cítricos|Zitrusfrüchte
Alimentation bébé|Baby food|Alimentación infantil|Babynahrung
Anti-moustiques|Mosquito repellents|Antimosquitos|Mückenschutz
Arachides|Peanuts|Cacahuetes|Erdnüsse
Autres jus locaux|Other local juices|Otros zumos locales|Weitere lokale Säfte
Bananes et papayes|Bananas and papayas|Plátanos y papayas|Bananen und Papayas
Beurre et crème|Butter and cream|Mantequilla y nata|Butter und Sahne
Biscuits et gâteaux|Biscuits and cakes|Galletas y pasteles|Kekse und Kuchen
Bissap|Bissap (hibiscus)|Bissap (hibisco)|Bissap (Hibiskus)
Bières|Beers|Cervezas|Biere
Boissons|Drinks|Bebidas|Getränke
Boissons locales|Local drinks|Bebidas locales|Lokale Getränke
Boissons maltées et énergisantes|Malt and energy drinks|Bebidas de malta y energéticas|Malz- und Energiegetränke
Bouillons et assaisonnements|Stock cubes and seasonings|Caldos y condimentos|Brühen und Würzmittel
Boulangerie|Bakery|Panadería|Bäckerei
Boulangerie et petit-déjeuner|Bakery and breakfast|Panadería y desayuno|Bäckerei und Frühstück
Bébé|Baby|Bebé|Baby
Bœuf|Beef|Ternera|Rindfleisch
Cacao et chocolat|Cocoa and chocolate|Cacao y chocolate|Kakao und Schokolade
Café|Coffee|Café|Kaffee
Café, thé et cacao|Coffee, tea and cocoa|Café, té y cacao|Kaffee, Tee und Kakao
Charcuterie halal|Halal cold meats|Embutidos halal|Halal-Wurstwaren
Condiments et épices|Condiments and spices|Condimentos y especias|Würzmittel und Gewürze
Conserves|Canned food|Conservas|Konserven
Conserves de légumes|Canned vegetables|Verduras en conserva|Gemüsekonserven
Conserves de poisson|Canned fish|Pescado en conserva|Fischkonserven
Conserves de viande|Canned meat|Carne en conserva|Fleischkonserven
Couches|Nappies|Pañales|Windeln
Cuisine et énergie|Cooking and fuel|Cocina y energía|Küche und Energie
Céréales et bouillies|Cereals and porridges|Cereales y papillas|Cerealien und Breie
Céréales et féculents|Cereals and starches|Cereales y féculas|Getreide und Stärkeprodukte
Céréales et tartines|Cereals and spreads|Cereales y tostadas|Cerealien und Aufstriche
Eaux|Water|Aguas|Wasser
Entretien de la maison|Household cleaning|Limpieza del hogar|Haushaltspflege
Farines|Flours|Harinas|Mehle
Farines et bouillies infantiles|Infant cereals and porridges|Harinas y papillas infantiles|Babybreie und Kindermehle
Fonio|Fonio|Fonio|Fonio
Fromages|Cheeses|Quesos|Käse
Fruits|Fruit|Frutas|Obst
Fruits de saison|Seasonal fruit|Frutas de temporada|Saisonobst
Fruits et légumes|Fruit and vegetables|Frutas y verduras|Obst und Gemüse
Fruits secs et noix|Dried fruit and nuts|Frutos secos y nueces|Trockenobst und Nüsse
Fruits séchés|Dried fruit|Frutas deshidratadas|Trockenfrüchte
Galettes et beignets locaux|Local flatbreads and fritters|Tortas y buñuelos locales|Lokale Fladen und Krapfen
Gingembre|Ginger|Jengibre|Ingwer
Haricots et niébé|Beans and cowpeas|Judías y caupí|Bohnen und Augenbohnen
Huiles et matières grasses|Oils and fats|Aceites y grasas|Öle und Fette
Huiles végétales|Vegetable oils|Aceites vegetales|Pflanzenöle
Hygiène corporelle|Personal hygiene|Higiene personal|Körperpflege
Hygiène et maison|Hygiene and home|Higiene y hogar|Hygiene und Haushalt
Jus de fruits|Fruit juices|Zumos de frutas|Fruchtsäfte
Jus et eaux|Juices and water|Zumos y aguas|Säfte und Wasser
Karité et sésame|Shea and sesame|Karité y sésamo|Sheabutter und Sesam
Lait concentré|Condensed milk|Leche condensada|Kondensmilch
Lait en poudre|Powdered milk|Leche en polvo|Milchpulver
Lait frais et caillé|Fresh and curdled milk|Leche fresca y cuajada|Frischmilch und Dickmilch
Laits|Milk|Leches|Milch
Laits infantiles|Infant milk|Leches infantiles|Säuglingsmilch
Lentilles et pois|Lentils and peas|Lentejas y guisantes|Linsen und Erbsen
Lessive|Laundry|Detergente|Waschmittel
Légumes|Vegetables|Verduras|Gemüse
Légumes feuilles|Leafy greens|Verduras de hoja|Blattgemüse
Légumes-fruits|Fruiting vegetables|Hortalizas de fruto|Fruchtgemüse
Légumineuses|Pulses|Legumbres|Hülsenfrüchte
Maison et cuisine|Home and kitchen|Hogar y cocina|Haus und Küche
Mangues|Mangoes|Mangos|Mangos
Maïs|Maize|Maíz|Mais
Miel, confitures et pâtes à tartiner|Honey, jams and spreads|Miel, mermeladas y cremas para untar|Honig, Konfitüren und Aufstriche
Mil et sorgho|Millet and sorghum|Mijo y sorgo|Hirse und Sorghum
Mil, sorgho et maïs|Millet, sorghum and maize|Mijo, sorgo y maíz|Hirse, Sorghum und Mais
Mouton et chèvre|Mutton and goat|Cordero y cabra|Hammel und Ziege
Nettoyants|Cleaners|Limpiadores|Reinigungsmittel
Noix de cajou|Cashew nuts|Anacardos|Cashewnüsse
Pains|Bread|Panes|Brot
Papier et emballages|Paper and wraps|Papel y envoltorios|Papier und Folien
Petits pots et compotes|Baby jars and compotes|Potitos y compotas|Gläschen und Kompotte
Pintade et autres volailles|Guinea fowl and other poultry|Pintada y otras aves|Perlhuhn und anderes Geflügel
Poissons et fruits de mer|Fish and seafood|Pescados y mariscos|Fisch und Meeresfrüchte
Poissons frais|Fresh fish|Pescado fresco|Frischer Fisch
Poissons fumés et séchés|Smoked and dried fish|Pescado ahumado y seco|Geräucherter und getrockneter Fisch
Poissons surgelés|Frozen fish|Pescado congelado|Tiefkühlfisch
Poulet bicyclette|Free-range chicken|Pollo de corral|Freilandhuhn
Poulet de chair|Broiler chicken|Pollo de engorde|Masthähnchen
Produits laitiers et œufs|Dairy and eggs|Lácteos y huevos|Milchprodukte und Eier
Pâtes|Pasta|Pasta|Nudeln
Pâtes, farines et semoules|Pasta, flours and semolina|Pasta, harinas y sémolas|Nudeln, Mehle und Grieß
Racines et tubercules|Roots and tubers|Raíces y tubérculos|Wurzeln und Knollen
Riz|Rice|Arroz|Reis
Riz importé|Imported rice|Arroz importado|Importierter Reis
Riz local|Local rice|Arroz local|Lokaler Reis
Savons|Soaps|Jabones|Seifen
Sel|Salt|Sal|Salz
Semoules et couscous|Semolina and couscous|Sémolas y cuscús|Grieß und Couscous
Sodas|Soft drinks|Refrescos|Limonaden
Sodas, maltées et bières|Soft drinks, malt drinks and beers|Refrescos, maltas y cervezas|Limonaden, Malzgetränke und Biere
Soins bucco-dentaires|Oral care|Higiene bucal|Mundpflege
Soins du corps et cheveux|Body and hair care|Cuidado corporal y capilar|Körper- und Haarpflege
Soins et couches|Care and nappies|Cuidados y pañales|Pflege und Windeln
Soumbala et condiments locaux|Soumbala and local condiments|Soumbala y condimentos locales|Soumbala und lokale Würzmittel
Sucre|Sugar|Azúcar|Zucker
Sucre et sel|Sugar and salt|Azúcar y sal|Zucker und Salz
Thé et infusions|Tea and herbal teas|Té e infusiones|Tee und Kräutertees
Toilette bébé|Baby toiletries|Aseo del bebé|Babypflege
Tomate concentrée et sauces|Tomato paste and sauces|Concentrado de tomate y salsas|Tomatenmark und Saucen
Tomates et oignons|Tomatoes and onions|Tomates y cebollas|Tomaten und Zwiebeln
Viandes et poissons|Meat and fish|Carnes y pescados|Fleisch und Fisch
Viandes rouges|Red meat|Carnes rojas|Rotes Fleisch
Viennoiseries|Pastries|Bollería|Feingebäck
Volailles|Poultry|Aves|Geflügel
Yaourts|Yoghurts|Yogures|Joghurts
Yaourts, fromages et beurre|Yoghurts, cheeses and butter|Yogures, quesos y mantequilla|Joghurts, Käse und Butter
Épicerie|Grocery|Despensa|Lebensmittel
Épices et herbes|Spices and herbs|Especias y hierbas|Gewürze und Kräuter
Œufs|Eggs|Huevos|Eier
Œufs de pintade et de caille|Guinea fowl and quail eggs|Huevos de pintada y de codorniz|Perlhuhn- und Wachteleier
Œufs de poule|Hen's eggs|Huevos de gallina|Hühnereier
""")

ARTICLE_NAMES = _table("""
Mangue Amélie|Amélie mango|Mango Amélie|Amélie-Mango
Mangue Kent|Kent mango|Mango Kent|Kent-Mango
Mangue Brooks|Brooks mango|Mango Brooks|Brooks-Mango
Mangue Lippens|Lippens mango|Mango Lippens|Lippens-Mango
Mangues Amélie en cagette|Crate of Amélie mangoes|Caja de mangos Amélie|Amélie-Mangos in der Steige
Mangue Keitt|Keitt mango|Mango Keitt|Keitt-Mango
Oranges douces|Sweet oranges|Naranjas dulces|Süße Orangen
Citrons verts|Limes|Limas|Limetten
Mandarines|Mandarins|Mandarinas|Mandarinen
Pamplemousse|Grapefruit|Pomelo|Grapefruit
Oranges à jus|Juicing oranges|Naranjas para zumo|Saftorangen
Bananes douces|Sweet bananas|Plátanos dulces|Süße Bananen
Bananes plantain|Plantains|Plátanos macho|Kochbananen
Papaye solo|Solo papaya|Papaya solo|Solo-Papaya
Grosse papaye|Large papaya|Papaya grande|Große Papaya
Bananes bio|Organic bananas|Plátanos ecológicos|Bio-Bananen
Pastèque|Watermelon|Sandía|Wassermelone
Ananas pain de sucre|Sugarloaf pineapple|Piña pan de azúcar|Zuckerhut-Ananas
Goyaves|Guavas|Guayabas|Guaven
Noix de coco|Coconut|Coco|Kokosnuss
Pommes Golden|Golden apples|Manzanas Golden|Golden-Äpfel
Pain de singe|Baobab fruit|Fruto del baobab|Affenbrotfrucht
Tomates fraîches|Fresh tomatoes|Tomates frescos|Frische Tomaten
Tomates cerises|Cherry tomatoes|Tomates cherry|Kirschtomaten
Oignons violets de Galmi|Galmi red onions|Cebollas moradas de Galmi|Rote Zwiebeln aus Galmi
Oignons blancs|White onions|Cebollas blancas|Weiße Zwiebeln
Ail|Garlic|Ajo|Knoblauch
Échalotes|Shallots|Chalotas|Schalotten
Oseille fraîche (bito)|Fresh sorrel (bito)|Acedera fresca (bito)|Frischer Sauerampfer (Bito)
Feuilles de baobab séchées|Dried baobab leaves|Hojas de baobab secas|Getrocknete Baobabblätter
Épinards|Spinach|Espinacas|Spinat
Laitue|Lettuce|Lechuga|Kopfsalat
Chou pommé|White cabbage|Repollo|Weißkohl
Feuilles de moringa|Moringa leaves|Hojas de moringa|Moringablätter
Aubergines africaines|African aubergines|Berenjenas africanas|Afrikanische Auberginen
Gombo frais|Fresh okra|Quimbombó fresco|Frische Okra
Courgettes|Courgettes|Calabacines|Zucchini
Poivrons verts|Green peppers|Pimientos verdes|Grüne Paprika
Concombres|Cucumbers|Pepinos|Gurken
Piment frais|Fresh chilli|Guindilla fresca|Frische Chilischoten
Igname|Yam|Ñame|Yamswurzel
Patates douces|Sweet potatoes|Batatas|Süßkartoffeln
Pommes de terre|Potatoes|Patatas|Kartoffeln
Manioc frais|Fresh cassava|Yuca fresca|Frischer Maniok
Carottes|Carrots|Zanahorias|Karotten
Gingembre frais|Fresh ginger|Jengibre fresco|Frischer Ingwer
Arachides décortiquées|Shelled peanuts|Cacahuetes peladas|Geschälte Erdnüsse
Arachides grillées salées|Salted roasted peanuts|Cacahuetes tostadas saladas|Geröstete gesalzene Erdnüsse
Arachides en coque|Peanuts in the shell|Cacahuetes con cáscara|Erdnüsse in der Schale
Pâte d'arachide|Peanut butter|Crema de cacahuete|Erdnussmus
Nougat d'arachide|Peanut brittle|Turrón de cacahuete|Erdnusskrokant
Noix de cajou grillées|Roasted cashew nuts|Anacardos tostados|Geröstete Cashewnüsse
Noix de cajou nature|Plain cashew nuts|Anacardos naturales|Naturbelassene Cashewnüsse
Noix de cajou salées|Salted cashew nuts|Anacardos salados|Gesalzene Cashewnüsse
Noix de cajou épicées|Spiced cashew nuts|Anacardos especiados|Gewürzte Cashewnüsse
Mangue séchée|Dried mango|Mango deshidratado|Getrocknete Mango
Mangue séchée bio grand sachet|Organic dried mango, large bag|Mango deshidratado ecológico, bolsa grande|Bio-Trockenmango, großer Beutel
Dattes Deglet Nour|Deglet Nour dates|Dátiles Deglet Nour|Deglet-Nour-Datteln
Ananas séché|Dried pineapple|Piña deshidratada|Getrocknete Ananas
Raisins secs|Raisins|Pasas|Rosinen
Papaye séchée|Dried papaya|Papaya deshidratada|Getrocknete Papaya
Riz étuvé de Bagré|Bagré parboiled rice|Arroz vaporizado de Bagré|Parboiled-Reis aus Bagré
Riz blanc de Bama|Bama white rice|Arroz blanco de Bama|Weißer Reis aus Bama
Riz du Sourou|Sourou rice|Arroz del Sourou|Reis aus dem Sourou
Riz étuvé de Bagré grand sac|Bagré parboiled rice, large bag|Arroz vaporizado de Bagré, saco grande|Parboiled-Reis aus Bagré, großer Sack
Riz local brisé|Local broken rice|Arroz partido local|Lokaler Bruchreis
Riz parfumé thaï|Thai fragrant rice|Arroz aromático tailandés|Thailändischer Duftreis
Riz basmati|Basmati rice|Arroz basmati|Basmatireis
Riz brisé parfumé|Fragrant broken rice|Arroz partido aromático|Duftender Bruchreis
Riz long grain|Long-grain rice|Arroz de grano largo|Langkornreis
Riz jasmin|Jasmine rice|Arroz jazmín|Jasminreis
Mil local|Local millet|Mijo local|Lokale Hirse
Sorgho blanc|White sorghum|Sorgo blanco|Weißes Sorghum
Sorgho rouge|Red sorghum|Sorgo rojo|Rotes Sorghum
Farine de mil|Millet flour|Harina de mijo|Hirsemehl
Couscous de mil|Millet couscous|Cuscús de mijo|Hirse-Couscous
Grumeaux de mil pour dèguè|Millet pellets for dèguè|Grumos de mijo para dèguè|Hirseklümpchen für Dèguè
Maïs grain jaune|Yellow maize grain|Maíz amarillo en grano|Gelber Körnermais
Farine de maïs|Maize flour|Harina de maíz|Maismehl
Semoule de maïs|Maize semolina|Sémola de maíz|Maisgrieß
Maïs frais en épi|Fresh corn on the cob|Mazorcas de maíz fresco|Frische Maiskolben
Maïs à éclater|Popcorn maize|Maíz para palomitas|Popcornmais
Fonio précuit|Precooked fonio|Fonio precocido|Vorgegarter Fonio
Fonio blanchi|Hulled fonio|Fonio blanqueado|Geschälter Fonio
Fonio bio|Organic fonio|Fonio ecológico|Bio-Fonio
Couscous de fonio|Fonio couscous|Cuscús de fonio|Fonio-Couscous
Fonio de Sikasso|Sikasso fonio|Fonio de Sikasso|Fonio aus Sikasso
Spaghetti|Spaghetti|Espaguetis|Spaghetti
Macaroni|Macaroni|Macarrones|Makkaroni
Vermicelles|Vermicelli|Fideos finos|Fadennudeln
Coquillettes|Elbow pasta|Coditos|Hörnchennudeln
Spaghetti complets|Wholewheat spaghetti|Espaguetis integrales|Vollkornspaghetti
Farine de blé|Wheat flour|Harina de trigo|Weizenmehl
Farine de blé grand format|Wheat flour, large pack|Harina de trigo, formato grande|Weizenmehl, Großpackung
Farine de riz|Rice flour|Harina de arroz|Reismehl
Farine de patate douce|Sweet potato flour|Harina de batata|Süßkartoffelmehl
Gari (farine de manioc)|Gari (cassava flour)|Gari (harina de yuca)|Gari (Maniokmehl)
Couscous moyen|Medium couscous|Cuscús mediano|Mittelfeiner Couscous
Attiéké séché|Dried attiéké|Attiéké seco|Getrocknetes Attiéké
Semoule de blé fine|Fine wheat semolina|Sémola de trigo fina|Feiner Weizengrieß
Couscous de blé complet|Wholewheat couscous|Cuscús integral|Vollkorn-Couscous
Boulgour|Bulgur|Bulgur|Bulgur
Niébé blanc|White cowpeas|Caupí blanco|Weiße Augenbohnen
Niébé rouge|Red cowpeas|Caupí rojo|Rote Augenbohnen
Haricots rouges|Red kidney beans|Alubias rojas|Kidneybohnen
Pois de terre (voandzou)|Bambara groundnuts (voandzou)|Guisantes de tierra (voandzou)|Bambara-Erdnüsse (Voandzou)
Farine de niébé|Cowpea flour|Harina de caupí|Augenbohnenmehl
Lentilles vertes|Green lentils|Lentejas verdes|Grüne Linsen
Pois chiches|Chickpeas|Garbanzos|Kichererbsen
Petits pois cassés|Split peas|Guisantes partidos|Schälerbsen
Soja en grain|Soya beans|Soja en grano|Sojabohnen
Lentilles corail|Red lentils|Lentejas rojas|Rote Linsen
Lait frais pasteurisé|Pasteurised fresh milk|Leche fresca pasteurizada|Pasteurisierte Frischmilch
Lait caillé sucré|Sweetened curdled milk|Leche cuajada azucarada|Gesüßte Dickmilch
Lait caillé nature|Plain curdled milk|Leche cuajada natural|Naturdickmilch
Gapal au lait caillé|Gapal with curdled milk|Gapal con leche cuajada|Gapal mit Dickmilch
Lait entier de la ferme|Farm whole milk|Leche entera de granja|Vollmilch vom Hof
Dèguè au lait caillé|Dèguè with curdled milk|Dèguè con leche cuajada|Dèguè mit Dickmilch
Lait en poudre Nido|Nido powdered milk|Leche en polvo Nido|Nido-Milchpulver
Lait en poudre Nido grand format|Nido powdered milk, large tin|Leche en polvo Nido, formato grande|Nido-Milchpulver, Großdose
Lait en poudre Bonnet Rouge|Bonnet Rouge powdered milk|Leche en polvo Bonnet Rouge|Bonnet-Rouge-Milchpulver
Lait entier en poudre en sachet|Whole milk powder in a sachet|Leche entera en polvo en sobre|Vollmilchpulver im Beutel
Lait en poudre écrémé|Skimmed milk powder|Leche desnatada en polvo|Magermilchpulver
Lait concentré sucré|Sweetened condensed milk|Leche condensada azucarada|Gezuckerte Kondensmilch
Lait concentré non sucré|Evaporated milk|Leche evaporada|Ungezuckerte Kondensmilch
Lait concentré sucré en tube|Sweetened condensed milk in a tube|Leche condensada azucarada en tubo|Gezuckerte Kondensmilch in der Tube
Lait concentré sucré Nestlé|Nestlé sweetened condensed milk|Leche condensada azucarada Nestlé|Nestlé gezuckerte Kondensmilch
Lait concentré non sucré grand format|Evaporated milk, large tin|Leche evaporada, formato grande|Ungezuckerte Kondensmilch, Großdose
Yaourt nature|Plain yoghurt|Yogur natural|Naturjoghurt
Yaourt sucré vanille|Sweetened vanilla yoghurt|Yogur azucarado de vainilla|Gesüßter Vanillejoghurt
Yaourt à boire fraise|Strawberry drinking yoghurt|Yogur líquido de fresa|Erdbeer-Trinkjoghurt
Yaourt nature pack|Plain yoghurt, multipack|Yogur natural, pack|Naturjoghurt im Multipack
Yaourt grec|Greek yoghurt|Yogur griego|Griechischer Joghurt
Yaourt au fonio|Fonio yoghurt|Yogur con fonio|Fonio-Joghurt
Fromage peul (wagashi)|Fulani cheese (wagashi)|Queso peul (wagashi)|Fulbe-Käse (Wagashi)
La Vache qui rit|The Laughing Cow|La vaca que ríe|Die lachende Kuh
Emmental râpé|Grated Emmental|Emmental rallado|Geriebener Emmentaler
Fromage de chèvre frais|Fresh goat's cheese|Queso fresco de cabra|Frischer Ziegenkäse
Gouda en tranches|Sliced Gouda|Gouda en lonchas|Gouda in Scheiben
Beurre doux|Unsalted butter|Mantequilla sin sal|Süßrahmbutter
Crème fraîche épaisse|Thick crème fraîche|Crema fresca espesa|Dicke Crème fraîche
Margarine|Margarine|Margarina|Margarine
Margarine grand pot|Margarine, large tub|Margarina, tarrina grande|Margarine, großer Becher
Beurre demi-sel|Lightly salted butter|Mantequilla semisalada|Leicht gesalzene Butter
Œufs frais x6|Fresh eggs x6|Huevos frescos x6|Frische Eier x6
Œufs frais x12|Fresh eggs x12|Huevos frescos x12|Frische Eier x12
Plateau de 30 œufs|Tray of 30 eggs|Bandeja de 30 huevos|Palette mit 30 Eiern
Œufs bio x6|Organic eggs x6|Huevos ecológicos x6|Bio-Eier x6
Œufs extra-frais x10|Extra-fresh eggs x10|Huevos extrafrescos x10|Extrafrische Eier x10
Œufs de pintade x10|Guinea fowl eggs x10|Huevos de pintada x10|Perlhuhneier x10
Œufs de caille x12|Quail eggs x12|Huevos de codorniz x12|Wachteleier x12
Œufs de poule bicyclette x10|Free-range hen's eggs x10|Huevos de gallina de corral x10|Eier von Freilandhühnern x10
Œufs de cane x6|Duck eggs x6|Huevos de pato x6|Enteneier x6
Poulet bicyclette entier|Whole free-range chicken|Pollo de corral entero|Ganzes Freilandhuhn
Poulet bicyclette fumé|Smoked free-range chicken|Pollo de corral ahumado|Geräuchertes Freilandhuhn
Poulet bicyclette découpé|Cut free-range chicken|Pollo de corral troceado|Zerlegtes Freilandhuhn
Poulet bicyclette braisé|Grilled free-range chicken|Pollo de corral a la brasa|Gegrilltes Freilandhuhn
Poulet bicyclette bio|Organic free-range chicken|Pollo de corral ecológico|Bio-Freilandhuhn
Poulet de chair entier|Whole broiler chicken|Pollo de engorde entero|Ganzes Masthähnchen
Cuisses de poulet|Chicken legs|Muslos de pollo|Hähnchenschenkel
Blancs de poulet|Chicken breasts|Pechugas de pollo|Hähnchenbrust
Ailes de poulet|Chicken wings|Alitas de pollo|Hähnchenflügel
Gésiers de poulet|Chicken gizzards|Mollejas de pollo|Hähnchenmägen
Pintade entière|Whole guinea fowl|Pintada entera|Ganzes Perlhuhn
Pintade fumée|Smoked guinea fowl|Pintada ahumada|Geräuchertes Perlhuhn
Cuisses de dinde|Turkey legs|Muslos de pavo|Putenkeulen
Canard entier|Whole duck|Pato entero|Ganze Ente
Lapin entier|Whole rabbit|Conejo entero|Ganzes Kaninchen
Viande de bœuf avec os|Beef on the bone|Carne de ternera con hueso|Rindfleisch mit Knochen
Filet de bœuf|Beef fillet|Solomillo de ternera|Rinderfilet
Viande hachée de bœuf|Minced beef|Carne picada de ternera|Rinderhackfleisch
Brochettes de bœuf|Beef skewers|Brochetas de ternera|Rindfleischspieße
Kilichi|Kilichi (dried spiced beef)|Kilichi (carne seca especiada)|Kilichi (getrocknetes Würzfleisch)
Foie de bœuf|Beef liver|Hígado de ternera|Rinderleber
Gigot d'agneau|Leg of lamb|Pierna de cordero|Lammkeule
Viande de mouton|Mutton|Carne de cordero|Hammelfleisch
Viande de chèvre|Goat meat|Carne de cabra|Ziegenfleisch
Côtelettes d'agneau|Lamb chops|Chuletas de cordero|Lammkoteletts
Mouton entier pour la fête|Whole sheep for the festival|Cordero entero para la fiesta|Ganzes Schaf für das Fest
Saucisses de bœuf|Beef sausages|Salchichas de ternera|Rindswürstchen
Jambon de dinde|Turkey ham|Jamón de pavo|Putenschinken
Merguez|Merguez sausages|Salchichas merguez|Merguez
Saucisson de bœuf|Beef salami|Salchichón de ternera|Rindersalami
Pâté de volaille|Poultry pâté|Paté de ave|Geflügelpastete
Capitaine frais|Fresh Nile perch|Perca del Nilo fresca|Frischer Nilbarsch
Carpe du Kou|Kou carp|Carpa del Kou|Karpfen aus dem Kou
Silure frais|Fresh catfish|Siluro fresco|Frischer Wels
Tilapia de Bagré|Bagré tilapia|Tilapia de Bagré|Tilapia aus Bagré
Filets de capitaine|Nile perch fillets|Filetes de perca del Nilo|Nilbarschfilets
Carpe fumée|Smoked carp|Carpa ahumada|Geräucherter Karpfen
Capitaine fumé|Smoked Nile perch|Perca del Nilo ahumada|Geräucherter Nilbarsch
Petits poissons séchés|Small dried fish|Pescaditos secos|Kleine Trockenfische
Crevettes séchées|Dried shrimps|Gambas secas|Getrocknete Garnelen
Sardinelles fumées|Smoked sardinella|Alachas ahumadas|Geräucherte Sardinellen
Yêt (cymbium fermenté)|Yêt (fermented sea snail)|Yêt (caracol de mar fermentado)|Yêt (fermentierte Meeresschnecke)
Chinchard surgelé|Frozen horse mackerel|Jurel congelado|Tiefgekühlte Stöcker
Filets de merlu surgelés|Frozen hake fillets|Filetes de merluza congelados|Tiefgekühlte Seehechtfilets
Sardines surgelées|Frozen sardines|Sardinas congeladas|Tiefgekühlte Sardinen
Crevettes surgelées|Frozen prawns|Gambas congeladas|Tiefgekühlte Garnelen
Maquereau surgelé|Frozen mackerel|Caballa congelada|Tiefgekühlte Makrele
Huile de coton raffinée Savor|Savor refined cottonseed oil|Aceite de algodón refinado Savor|Raffiniertes Baumwollsaatöl Savor
Huile de coton Savor en bidon|Savor cottonseed oil, jerrycan|Aceite de algodón Savor en bidón|Baumwollsaatöl Savor im Kanister
Huile d'arachide|Peanut oil|Aceite de cacahuete|Erdnussöl
Huile de palme rouge|Red palm oil|Aceite de palma rojo|Rotes Palmöl
Huile d'olive vierge extra|Extra virgin olive oil|Aceite de oliva virgen extra|Natives Olivenöl extra
Huile végétale Dinor|Dinor vegetable oil|Aceite vegetal Dinor|Pflanzenöl Dinor
Beurre de karité alimentaire|Edible shea butter|Manteca de karité alimentaria|Speise-Sheabutter
Beurre de karité bio|Organic shea butter|Manteca de karité ecológica|Bio-Sheabutter
Huile de sésame|Sesame oil|Aceite de sésamo|Sesamöl
Graines de sésame|Sesame seeds|Semillas de sésamo|Sesamsamen
Oléine de karité|Shea olein|Oleína de karité|Sheaolein
Soumbala en boule|Soumbala balls|Soumbala en bolas|Soumbala-Kugeln
Soumbala en poudre|Powdered soumbala|Soumbala en polvo|Soumbala-Pulver
Soumbala bio|Organic soumbala|Soumbala ecológico|Bio-Soumbala
Piment sec en poudre|Ground dried chilli|Guindilla seca en polvo|Chilipulver
Potasse (kanwa)|Potash (kanwa)|Potasa (kanwa)|Pottasche (Kanwa)
Bikalga (datou)|Bikalga (datou)|Bikalga (datou)|Bikalga (Datou)
Cubes Maggi Étoile|Maggi Étoile stock cubes|Pastillas Maggi Étoile|Maggi-Étoile-Brühwürfel
Bouillon Jumbo|Jumbo stock cubes|Caldo Jumbo|Jumbo-Brühe
Bouillon Adja|Adja stock cubes|Caldo Adja|Adja-Brühe
Assaisonnement Onga|Onga seasoning|Sazonador Onga|Onga-Würzmischung
Bouillon Maggi crevette|Maggi shrimp stock|Caldo Maggi de gambas|Maggi-Garnelenbrühe
Bouillon Doli|Doli stock cubes|Caldo Doli|Doli-Brühe
Poivre noir moulu|Ground black pepper|Pimienta negra molida|Gemahlener schwarzer Pfeffer
Gingembre en poudre|Ground ginger|Jengibre en polvo|Ingwerpulver
Curry|Curry powder|Curry|Currypulver
Clous de girofle|Cloves|Clavos de olor|Gewürznelken
Ail en poudre|Garlic powder|Ajo en polvo|Knoblauchpulver
Tomate concentrée Gino|Gino tomato paste|Concentrado de tomate Gino|Gino-Tomatenmark
Double concentré de tomate|Double tomato paste|Doble concentrado de tomate|Doppelt konzentriertes Tomatenmark
Mayonnaise|Mayonnaise|Mayonesa|Mayonnaise
Ketchup|Ketchup|Kétchup|Ketchup
Moutarde de Dijon|Dijon mustard|Mostaza de Dijon|Dijon-Senf
Sauce pimentée du Faso|Faso chilli sauce|Salsa picante del Faso|Chilisauce aus dem Faso
Sardines à l'huile|Sardines in oil|Sardinas en aceite|Sardinen in Öl
Thon au naturel|Tuna in brine|Atún al natural|Thunfisch naturell
Maquereaux à la sauce tomate|Mackerel in tomato sauce|Caballa en salsa de tomate|Makrelen in Tomatensauce
Sardines piquantes|Spicy sardines|Sardinas picantes|Scharfe Sardinen
Thon à l'huile|Tuna in oil|Atún en aceite|Thunfisch in Öl
Petits pois en conserve|Canned peas|Guisantes en conserva|Erbsen aus der Dose
Haricots verts en conserve|Canned green beans|Judías verdes en conserva|Grüne Bohnen aus der Dose
Maïs doux|Sweetcorn|Maíz dulce|Zuckermais
Champignons de Paris émincés|Sliced button mushrooms|Champiñones laminados|Geschnittene Champignons
Macédoine de légumes|Mixed vegetables|Macedonia de verduras|Gemüsemischung
Corned-beef|Corned beef|Corned beef|Corned Beef
Pâté de foie|Liver pâté|Paté de hígado|Leberpastete
Saucisses cocktail en conserve|Canned cocktail sausages|Salchichas de cóctel en conserva|Cocktailwürstchen aus der Dose
Luncheon meat|Luncheon meat|Carne enlatada (luncheon meat)|Frühstücksfleisch
Bœuf en sauce|Beef in sauce|Ternera en salsa|Rindfleisch in Sauce
Sucre en morceaux|Sugar cubes|Azúcar en terrones|Würfelzucker
Sucre en poudre|Caster sugar|Azúcar en polvo|Feinzucker
Sucre en poudre grand sac|Caster sugar, large bag|Azúcar en polvo, saco grande|Feinzucker, großer Sack
Sucre roux de canne|Brown cane sugar|Azúcar moreno de caña|Brauner Rohrzucker
Sucre vanillé|Vanilla sugar|Azúcar avainillado|Vanillezucker
Sel iodé fin|Fine iodised salt|Sal yodada fina|Feines Jodsalz
Gros sel|Coarse salt|Sal gruesa|Grobes Salz
Sel de table en salière|Table salt in a shaker|Sal de mesa en salero|Tafelsalz im Streuer
Sel aux herbes|Herb salt|Sal con hierbas|Kräutersalz
Jus de bissap|Bissap juice|Zumo de bissap|Bissap-Saft
Bissap en petite bouteille|Bissap, small bottle|Bissap en botella pequeña|Bissap, kleine Flasche
Fleurs de bissap séchées|Dried bissap flowers|Flores de bissap secas|Getrocknete Bissap-Blüten
Sirop de bissap|Bissap syrup|Sirope de bissap|Bissap-Sirup
Bissap blanc|White bissap|Bissap blanco|Weißer Bissap
Jus de gingembre|Ginger juice|Zumo de jengibre|Ingwersaft
Gingembre en petite bouteille|Ginger juice, small bottle|Jengibre en botella pequeña|Ingwersaft, kleine Flasche
Gingembre citronné|Lemon ginger juice|Jengibre con limón|Ingwer mit Zitrone
Gingembre ananas|Pineapple ginger juice|Jengibre con piña|Ingwer mit Ananas
Sirop de gingembre|Ginger syrup|Sirope de jengibre|Ingwersirup
Jus de tamarin|Tamarind juice|Zumo de tamarindo|Tamarindensaft
Jus de baobab (bouye)|Baobab juice (bouye)|Zumo de baobab (bouye)|Baobabsaft (Bouye)
Zoom-koom|Zoom-koom (millet drink)|Zoom-koom (bebida de mijo)|Zoom-koom (Hirsegetränk)
Jus de citron local|Local lemon juice|Zumo de limón local|Lokaler Zitronensaft
Jus de liane (saba)|Saba fruit juice|Zumo de liana (saba)|Saba-Lianensaft
Jus de mangue Dafani|Dafani mango juice|Zumo de mango Dafani|Dafani-Mangosaft
Nectar de mangue Dafani|Dafani mango nectar|Néctar de mango Dafani|Dafani-Mangonektar
Jus d'orange Dafani|Dafani orange juice|Zumo de naranja Dafani|Dafani-Orangensaft
Jus d'ananas|Pineapple juice|Zumo de piña|Ananassaft
Jus de pomme|Apple juice|Zumo de manzana|Apfelsaft
Cocktail de fruits tropicaux|Tropical fruit cocktail|Cóctel de frutas tropicales|Tropischer Fruchtcocktail
Eau minérale Lafi|Lafi mineral water|Agua mineral Lafi|Lafi-Mineralwasser
Pack eau minérale Lafi|Lafi mineral water, pack|Pack de agua mineral Lafi|Lafi-Mineralwasser im Pack
Eau minérale Lafi petite bouteille|Lafi mineral water, small bottle|Agua mineral Lafi, botella pequeña|Lafi-Mineralwasser, kleine Flasche
Eau de source Yilgré|Yilgré spring water|Agua de manantial Yilgré|Yilgré-Quellwasser
Eau en sachets|Water in sachets|Agua en bolsitas|Wasser in Beuteln
Eau gazeuse|Sparkling water|Agua con gas|Sprudelwasser
Coca-Cola|Coca-Cola|Coca-Cola|Coca-Cola
Fanta orange|Fanta Orange|Fanta de naranja|Fanta Orange
Sprite en pack|Sprite, pack|Sprite en pack|Sprite im Pack
Youki Cocktail|Youki Cocktail|Youki Cocktail|Youki Cocktail
Schweppes Tonic|Schweppes Tonic|Schweppes Tónica|Schweppes Tonic
Limonade|Lemonade|Gaseosa|Limonade
Malta Guinness|Malta Guinness|Malta Guinness|Malta Guinness
Boisson énergisante XXL|XXL energy drink|Bebida energética XXL|XXL-Energydrink
Red Bull|Red Bull|Red Bull|Red Bull
Vimto|Vimto|Vimto|Vimto
Boisson maltée sans alcool|Non-alcoholic malt drink|Bebida de malta sin alcohol|Alkoholfreies Malzgetränk
Bière Brakina|Brakina beer|Cerveza Brakina|Brakina-Bier
Bière Flag|Flag beer|Cerveza Flag|Flag-Bier
Bière So.b.bra|So.b.bra beer|Cerveza So.b.bra|So.b.bra-Bier
Bière Beaufort|Beaufort beer|Cerveza Beaufort|Beaufort-Bier
Guinness Foreign Extra|Guinness Foreign Extra|Guinness Foreign Extra|Guinness Foreign Extra
Baguette|Baguette|Baguette|Baguette
Pain de mie|Sandwich loaf|Pan de molde|Toastbrot
Pain complet|Wholemeal bread|Pan integral|Vollkornbrot
Pain de campagne|Country bread|Pan rústico|Landbrot
Pain au sésame|Sesame bread|Pan de sésamo|Sesambrot
Croissant|Croissant|Cruasán|Croissant
Pain au chocolat|Pain au chocolat|Napolitana de chocolate|Schokoladencroissant
Brioche tranchée|Sliced brioche|Brioche en rebanadas|Geschnittene Brioche
Pains au lait x10|Milk rolls x10|Panecillos de leche x10|Milchbrötchen x10
Chausson aux pommes|Apple turnover|Empanada de manzana|Apfeltasche
Galettes de mil (massa)|Millet cakes (massa)|Tortas de mijo (massa)|Hirsefladen (Massa)
Beignets de haricot (samsa)|Bean fritters (samsa)|Buñuelos de judías (samsa)|Bohnenkrapfen (Samsa)
Gâteau de mil|Millet cake|Pastel de mijo|Hirsekuchen
Beignets sucrés|Sweet fritters|Buñuelos dulces|Süße Krapfen
Galettes de riz|Rice cakes|Tortas de arroz|Reisfladen
Nescafé Classic|Nescafé Classic|Nescafé Classic|Nescafé Classic
Café moulu arabica|Ground arabica coffee|Café molido arábica|Gemahlener Arabica-Kaffee
Café Touba|Touba coffee|Café Touba|Touba-Kaffee
Nescafé en sticks|Nescafé sticks|Nescafé en sobres|Nescafé-Sticks
Café robusta ivoirien|Ivorian robusta coffee|Café robusta marfileño|Ivorischer Robusta-Kaffee
Thé vert de Chine|Chinese green tea|Té verde de China|Chinesischer Grüntee
Thé Lipton Yellow Label|Lipton Yellow Label tea|Té Lipton Yellow Label|Lipton-Yellow-Label-Tee
Kinkéliba|Kinkeliba tea|Kinkeliba|Kinkeliba-Tee
Citronnelle séchée|Dried lemongrass|Hierba limón seca|Getrocknetes Zitronengras
Tisane de moringa|Moringa herbal tea|Infusión de moringa|Moringa-Kräutertee
Thé à la menthe|Mint tea|Té a la menta|Minztee
Milo|Milo|Milo|Milo
Ovomaltine|Ovaltine|Ovomaltina|Ovomaltine
Cacao en poudre non sucré|Unsweetened cocoa powder|Cacao en polvo sin azúcar|Ungesüßtes Kakaopulver
Chocolat noir en tablette|Dark chocolate bar|Tableta de chocolate negro|Zartbitterschokolade
Chocolat au lait en tablette|Milk chocolate bar|Tableta de chocolate con leche|Vollmilchschokolade
Bouillie de mil instantanée|Instant millet porridge|Papilla de mijo instantánea|Instant-Hirsebrei
Corn flakes|Corn flakes|Copos de maíz|Cornflakes
Flocons d'avoine|Rolled oats|Copos de avena|Haferflocken
Muesli aux fruits|Fruit muesli|Muesli de frutas|Früchtemüsli
Céréales chocolatées|Chocolate cereal|Cereales de chocolate|Schokoladen-Cerealien
Miel du Burkina|Burkina honey|Miel de Burkina|Honig aus Burkina
Miel de karité|Shea blossom honey|Miel de karité|Sheablütenhonig
Confiture de mangue|Mango jam|Mermelada de mango|Mangokonfitüre
Pâte à tartiner Nutella|Nutella spread|Crema para untar Nutella|Nutella-Brotaufstrich
Confiture de fraise|Strawberry jam|Mermelada de fresa|Erdbeerkonfitüre
Biscuits sablés|Shortbread biscuits|Galletas de mantequilla|Mürbekekse
Biscuits au chocolat|Chocolate biscuits|Galletas de chocolate|Schokoladenkekse
Crackers salés|Salted crackers|Galletas saladas|Salzcracker
Gaufrettes vanille|Vanilla wafers|Barquillos de vainilla|Vanillewaffeln
Biscuits au sésame|Sesame biscuits|Galletas de sésamo|Sesamkekse
Petits beurre|Butter biscuits|Galletas de mantequilla Petit Beurre|Butterkekse
Savon de karité|Shea soap|Jabón de karité|Sheabutterseife
Savon de toilette Jago|Jago toilet soap|Jabón de tocador Jago|Jago-Toilettenseife
Savon Lux|Lux soap|Jabón Lux|Lux-Seife
Savon noir (kabakourou)|Black soap (kabakourou)|Jabón negro (kabakourou)|Schwarze Seife (Kabakourou)
Savon liquide pour les mains|Liquid hand soap|Jabón líquido de manos|Flüssige Handseife
Savon antiseptique|Antiseptic soap|Jabón antiséptico|Antiseptische Seife
Dentifrice Signal|Signal toothpaste|Pasta de dientes Signal|Signal-Zahnpasta
Brosse à dents souple|Soft toothbrush|Cepillo de dientes suave|Weiche Zahnbürste
Fil dentaire|Dental floss|Hilo dental|Zahnseide
Bain de bouche|Mouthwash|Enjuague bucal|Mundspülung
Bâtonnets frotte-dents (sotiou)|Chewing sticks (sotiou)|Palitos para los dientes (sotiou)|Zahnputzhölzer (Sotiou)
Dentifrice Colgate|Colgate toothpaste|Pasta de dientes Colgate|Colgate-Zahnpasta
Lait corporel au karité|Shea body lotion|Leche corporal de karité|Körpermilch mit Sheabutter
Vaseline|Petroleum jelly|Vaselina|Vaseline
Shampoing|Shampoo|Champú|Shampoo
Déodorant|Deodorant|Desodorante|Deodorant
Huile de karité cosmétique|Cosmetic shea oil|Aceite de karité cosmético|Kosmetisches Sheaöl
Lessive en poudre Omo|Omo washing powder|Detergente en polvo Omo|Omo-Waschpulver
Savon de ménage en barre|Household soap bar|Jabón de lavar en barra|Kernseife am Stück
Lessive liquide|Liquid detergent|Detergente líquido|Flüssigwaschmittel
Lessive en poudre Madar|Madar washing powder|Detergente en polvo Madar|Madar-Waschpulver
Assouplissant|Fabric softener|Suavizante|Weichspüler
Eau de Javel|Bleach|Lejía|Bleichmittel
Liquide vaisselle|Washing-up liquid|Lavavajillas líquido|Spülmittel
Nettoyant multi-usages|All-purpose cleaner|Limpiador multiusos|Allzweckreiniger
Désinfectant Dettol|Dettol disinfectant|Desinfectante Dettol|Dettol-Desinfektionsmittel
Liquide vaisselle au citron|Lemon washing-up liquid|Lavavajillas de limón|Zitronen-Spülmittel
Balai traditionnel|Traditional broom|Escoba tradicional|Traditioneller Besen
Éponges grattantes x3|Scouring sponges x3|Estropajos x3|Scheuerschwämme x3
Seau en plastique 10 L|Plastic bucket 10 L|Cubo de plástico 10 L|Plastikeimer 10 L
Serpillière|Floor cloth|Bayeta de suelo|Wischlappen
Gants de ménage|Household gloves|Guantes de limpieza|Haushaltshandschuhe
Bouilloire à ablutions (satala)|Ablution kettle (satala)|Tetera para abluciones (satala)|Waschkanne (Satala)
Papier toilette x4|Toilet paper x4|Papel higiénico x4|Toilettenpapier x4
Essuie-tout x2|Kitchen roll x2|Papel de cocina x2|Küchenrolle x2
Sacs poubelle 30 L x20|Bin bags 30 L x20|Bolsas de basura 30 L x20|Müllbeutel 30 L x20
Papier aluminium 10 m|Aluminium foil 10 m|Papel de aluminio 10 m|Alufolie 10 m
Film alimentaire 30 m|Cling film 30 m|Film transparente 30 m|Frischhaltefolie 30 m
Spirales anti-moustiques x10|Mosquito coils x10|Espirales antimosquitos x10|Mückenspiralen x10
Insecticide aérosol|Insecticide spray|Insecticida en aerosol|Insektenspray
Moustiquaire imprégnée|Treated mosquito net|Mosquitera impregnada|Imprägniertes Moskitonetz
Lotion répulsive|Repellent lotion|Loción repelente|Insektenschutzlotion
Diffuseur électrique anti-moustiques|Electric mosquito diffuser|Difusor eléctrico antimosquitos|Elektrischer Mückenstecker
Charbon de bois|Charcoal|Carbón vegetal|Holzkohle
Allumettes x10 boîtes|Matches x10 boxes|Cerillas x10 cajas|Streichhölzer x10 Schachteln
Bougies x6|Candles x6|Velas x6|Kerzen x6
Briquet|Lighter|Mechero|Feuerzeug
Piles AA x4|AA batteries x4|Pilas AA x4|AA-Batterien x4
Recharge de gaz butane|Butane gas refill|Recarga de gas butano|Butangas-Nachfüllung
Lait infantile Guigoz 1er âge|Guigoz first infant milk|Leche infantil Guigoz 1.ª edad|Guigoz Säuglingsmilch 1
Lait infantile Nan 2|Nan 2 follow-on milk|Leche infantil Nan 2|Nan 2 Folgemilch
Lait infantile Lactogen 1|Lactogen 1 infant milk|Leche infantil Lactogen 1|Lactogen 1 Säuglingsmilch
Lait de croissance Nido 1+|Nido 1+ growing-up milk|Leche de crecimiento Nido 1+|Nido 1+ Kindermilch
Lait infantile Gallia Calisma 1|Gallia Calisma 1 infant milk|Leche infantil Gallia Calisma 1|Gallia Calisma 1 Säuglingsmilch
Farine infantile Misola|Misola infant cereal|Harina infantil Misola|Misola-Kinderbrei
Cérélac blé|Cerelac wheat|Cerelac de trigo|Cerelac Weizen
Farine infantile mil-soja|Millet and soya infant cereal|Harina infantil de mijo y soja|Hirse-Soja-Kinderbrei
Cérélac riz|Cerelac rice|Cerelac de arroz|Cerelac Reis
Farine infantile au fonio|Fonio infant cereal|Harina infantil de fonio|Fonio-Kinderbrei
Compote de pomme x4|Apple compote x4|Compota de manzana x4|Apfelmus x4
Petit pot légumes|Vegetable baby jar|Potito de verduras|Gemüsegläschen
Petit pot poulet carottes|Chicken and carrot baby jar|Potito de pollo y zanahoria|Gläschen Huhn mit Karotten
Compote de mangue bébé|Baby mango compote|Compota de mango para bebé|Mangokompott für Babys
Purée de patate douce bébé|Baby sweet potato purée|Puré de batata para bebé|Süßkartoffelbrei für Babys
Couches Pampers taille 3 x44|Pampers nappies size 3 x44|Pañales Pampers talla 3 x44|Pampers Windeln Größe 3 x44
Couches Molfix taille 4 x36|Molfix nappies size 4 x36|Pañales Molfix talla 4 x36|Molfix Windeln Größe 4 x36
Couches Softcare taille 2 x40|Softcare nappies size 2 x40|Pañales Softcare talla 2 x40|Softcare Windeln Größe 2 x40
Couches-culottes Pampers taille 5 x28|Pampers pants size 5 x28|Pañales braguita Pampers talla 5 x28|Pampers Pants Größe 5 x28
Lingettes bébé x72|Baby wipes x72|Toallitas para bebé x72|Baby-Feuchttücher x72
Savon bébé|Baby soap|Jabón para bebé|Babyseife
Huile pour bébé|Baby oil|Aceite para bebé|Babyöl
Talc pour bébé|Baby powder|Talco para bebé|Babypuder
Crème pour le change|Nappy cream|Crema para el cambio de pañal|Wundschutzcreme
Beurre de karité pour bébé|Shea butter for babies|Manteca de karité para bebé|Sheabutter für Babys
""")

#: The first sentence of an article's description (its level-3 category's blurb).
BLURBS = _table("""
Mangues juteuses cueillies à maturité dans les vergers de l'Ouest.|Juicy mangoes picked ripe in the orchards of the West.|Mangos jugosos recogidos maduros en los huertos del Oeste.|Saftige Mangos, reif geerntet in den Obstgärten des Westens.
Agrumes gorgés de jus, parfaits pour les jus frais du matin.|Citrus fruit full of juice, perfect for fresh morning juices.|Cítricos llenos de zumo, perfectos para los zumos frescos de la mañana.|Saftige Zitrusfrüchte, ideal für frische Morgensäfte.
Bananes et papayes mûries naturellement, douces et parfumées.|Naturally ripened bananas and papayas, sweet and fragrant.|Plátanos y papayas madurados de forma natural, dulces y aromáticos.|Natürlich gereifte Bananen und Papayas, süß und duftend.
Fruits de saison sélectionnés chaque matin au marché de gros.|Seasonal fruit chosen every morning at the wholesale market.|Frutas de temporada seleccionadas cada mañana en el mercado mayorista.|Saisonobst, jeden Morgen auf dem Großmarkt ausgewählt.
Légumes de base de la cuisine burkinabè, récoltés à la bonne maturité.|Staple vegetables of Burkinabe cooking, harvested at the right ripeness.|Verduras básicas de la cocina burkinesa, cosechadas en su punto.|Grundgemüse der burkinischen Küche, im richtigen Reifegrad geerntet.
Feuilles fraîches pour les sauces, cultivées autour de Ouagadougou.|Fresh leaves for sauces, grown around Ouagadougou.|Hojas frescas para las salsas, cultivadas alrededor de Uagadugú.|Frische Blätter für Saucen, rund um Ouagadougou angebaut.
Noix de cajou transformées au Burkina, croquantes et gourmandes.|Cashew nuts processed in Burkina, crunchy and delicious.|Anacardos procesados en Burkina, crujientes y sabrosos.|In Burkina verarbeitete Cashewnüsse, knackig und köstlich.
Fruits séchés au soleil, sans sucre ajouté, pour les petites faims.|Sun-dried fruit with no added sugar, for a quick snack.|Frutas secadas al sol, sin azúcar añadido, para picar entre horas.|Sonnengetrocknete Früchte ohne Zuckerzusatz, für den kleinen Hunger.
Riz cultivé dans les plaines aménagées du Burkina, sans cailloux.|Rice grown on Burkina's irrigated plains, free of stones.|Arroz cultivado en las llanuras de regadío de Burkina, sin piedras.|Reis aus den bewässerten Ebenen Burkinas, frei von Steinen.
Riz long grain au grain fin et parfumé.|Long-grain rice with fine, fragrant grains.|Arroz de grano largo, fino y aromático.|Langkornreis mit feinem, duftendem Korn.
Céréales du Sahel pour le tô, la bouillie et le dèguè.|Sahel grains for tô, porridge and dèguè.|Cereales del Sahel para el tô, las papillas y el dèguè.|Getreide aus dem Sahel für Tô, Brei und Dèguè.
Le fonio, céréale ancestrale sans gluten, cuit en quelques minutes.|Fonio, an ancient gluten-free grain, cooks in a few minutes.|El fonio, cereal ancestral sin gluten, se cocina en pocos minutos.|Fonio, ein uraltes glutenfreies Getreide, ist in wenigen Minuten gar.
Pâtes de blé dur qui tiennent bien à la cuisson.|Durum wheat pasta that holds well when cooked.|Pasta de trigo duro que aguanta bien la cocción.|Nudeln aus Hartweizen, die beim Kochen bissfest bleiben.
Farines pour la pâtisserie, les beignets et le pain maison.|Flours for pastries, fritters and home-made bread.|Harinas para repostería, buñuelos y pan casero.|Mehle für Gebäck, Krapfen und selbstgebackenes Brot.
Lentilles et pois secs pour des plats mijotés nourrissants.|Lentils and dried peas for hearty stews.|Lentejas y guisantes secos para guisos nutritivos.|Linsen und getrocknete Erbsen für nahrhafte Eintöpfe.
Lait collecté chaque jour auprès des éleveurs et pasteurisé à Ouagadougou.|Milk collected daily from herders and pasteurised in Ouagadougou.|Leche recogida cada día de los ganaderos y pasteurizada en Uagadugú.|Täglich bei den Viehhaltern gesammelte, in Ouagadougou pasteurisierte Milch.
Lait en poudre facile à conserver, pour toute la famille.|Powdered milk that keeps easily, for the whole family.|Leche en polvo fácil de conservar, para toda la familia.|Leicht haltbares Milchpulver für die ganze Familie.
Lait concentré onctueux pour le café, le thé et les desserts.|Creamy condensed milk for coffee, tea and desserts.|Leche condensada cremosa para el café, el té y los postres.|Cremige Kondensmilch für Kaffee, Tee und Desserts.
Yaourts onctueux fabriqués avec du lait local.|Creamy yoghurts made with local milk.|Yogures cremosos elaborados con leche local.|Cremige Joghurts aus lokaler Milch.
Œufs frais pondus dans les fermes de la ceinture verte de Ouaga.|Fresh eggs laid on the farms of Ouaga's green belt.|Huevos frescos puestos en las granjas del cinturón verde de Uaga.|Frische Eier von den Höfen im Grüngürtel von Ouaga.
Œufs de pintade, de caille et de poule locale, au goût prononcé.|Guinea fowl, quail and local hen's eggs with a rich taste.|Huevos de pintada, de codorniz y de gallina local, de sabor intenso.|Perlhuhn-, Wachtel- und Hühnereier aus der Region mit kräftigem Geschmack.
Poulet local élevé en plein air, à la chair ferme et goûteuse.|Local free-range chicken with firm, tasty meat.|Pollo local criado al aire libre, de carne firme y sabrosa.|Lokales Freilandhuhn mit festem, schmackhaftem Fleisch.
Volailles de caractère, idéales grillées ou en sauce.|Characterful poultry, ideal grilled or in a sauce.|Aves con carácter, ideales a la parrilla o en salsa.|Geflügel mit Charakter, ideal gegrillt oder in Sauce.
Charcuterie halal pour les sandwichs et les grillades.|Halal cold meats for sandwiches and barbecues.|Embutidos halal para bocadillos y parrilladas.|Halal-Wurstwaren für Sandwiches und Grillabende.
Poissons fumés ou séchés au feu de bois pour relever les sauces.|Fish smoked or dried over a wood fire to spice up sauces.|Pescado ahumado o secado a la leña para realzar las salsas.|Über Holzfeuer geräucherter oder getrockneter Fisch zum Würzen von Saucen.
Huile pour la friture et les sauces, filtrée et raffinée.|Oil for frying and sauces, filtered and refined.|Aceite para freír y para salsas, filtrado y refinado.|Öl zum Frittieren und für Saucen, gefiltert und raffiniert.
Beurre de karité et sésame produits par des coopératives de femmes.|Shea butter and sesame produced by women's cooperatives.|Manteca de karité y sésamo producidos por cooperativas de mujeres.|Sheabutter und Sesam aus Frauenkooperativen.
Condiments traditionnels qui donnent leur goût aux sauces du Faso.|Traditional condiments that give Faso sauces their flavour.|Condimentos tradicionales que dan su sabor a las salsas del Faso.|Traditionelle Würzmittel, die den Saucen des Faso ihren Geschmack geben.
Bouillons en cube pour assaisonner riz, sauces et soupes.|Stock cubes to season rice, sauces and soups.|Pastillas de caldo para sazonar arroz, salsas y sopas.|Brühwürfel zum Würzen von Reis, Saucen und Suppen.
Tomate concentrée et sauces pour la cuisine de tous les jours.|Tomato paste and sauces for everyday cooking.|Concentrado de tomate y salsas para la cocina de cada día.|Tomatenmark und Saucen für die Alltagsküche.
Conserves de poisson pratiques pour les repas rapides.|Handy canned fish for quick meals.|Conservas de pescado prácticas para comidas rápidas.|Praktische Fischkonserven für schnelle Mahlzeiten.
Légumes en conserve, prêts à réchauffer.|Canned vegetables, ready to heat.|Verduras en conserva, listas para calentar.|Gemüsekonserven, fertig zum Aufwärmen.
Sucre de canne pour le thé, les jus et la pâtisserie.|Cane sugar for tea, juices and baking.|Azúcar de caña para el té, los zumos y la repostería.|Rohrzucker für Tee, Säfte und Gebäck.
Sel iodé pour la cuisine et la table.|Iodised salt for cooking and the table.|Sal yodada para la cocina y la mesa.|Jodsalz für Küche und Tisch.
Boisson à la fleur d'hibiscus, désaltérante et riche en vitamines.|Hibiscus flower drink, thirst-quenching and rich in vitamins.|Bebida de flor de hibisco, refrescante y rica en vitaminas.|Hibiskusblütengetränk, durstlöschend und reich an Vitaminen.
Jus de gingembre frais et piquant, pressé à Ouagadougou.|Fresh, spicy ginger juice pressed in Ouagadougou.|Zumo de jengibre fresco y picante, exprimido en Uagadugú.|Frischer, scharfer Ingwersaft, in Ouagadougou gepresst.
Boissons traditionnelles du Faso, préparées sans conservateur.|Traditional Faso drinks made without preservatives.|Bebidas tradicionales del Faso, preparadas sin conservantes.|Traditionelle Getränke aus dem Faso, ohne Konservierungsstoffe zubereitet.
Jus et nectars de fruits, à servir bien frais.|Fruit juices and nectars, best served chilled.|Zumos y néctares de frutas, para servir bien fríos.|Fruchtsäfte und Nektare, gut gekühlt servieren.
Eau minérale et eau de source, à boire sans modération.|Mineral and spring water, drink as much as you like.|Agua mineral y de manantial, para beber sin moderación.|Mineral- und Quellwasser, so viel Sie mögen.
Sodas rafraîchissants embouteillés au Burkina.|Refreshing soft drinks bottled in Burkina.|Refrescos embotellados en Burkina.|Erfrischende Limonaden, in Burkina abgefüllt.
Boissons maltées et énergisantes pour faire le plein d'énergie.|Malt and energy drinks for a boost of energy.|Bebidas de malta y energéticas para recargar energía.|Malz- und Energiegetränke für neue Energie.
Bières brassées au Burkina, à consommer avec modération.|Beers brewed in Burkina, to be enjoyed in moderation.|Cervezas elaboradas en Burkina, para consumir con moderación.|In Burkina gebraute Biere, in Maßen zu genießen.
Pain cuit chaque matin dans notre fournil partenaire de Ouagadougou.|Bread baked every morning at our partner bakery in Ouagadougou.|Pan horneado cada mañana en nuestro obrador asociado de Uagadugú.|Brot, jeden Morgen in unserer Partnerbäckerei in Ouagadougou gebacken.
Viennoiseries pur beurre, dorées et feuilletées.|All-butter pastries, golden and flaky.|Bollería de pura mantequilla, dorada y hojaldrada.|Feingebäck mit reiner Butter, goldbraun und blättrig.
Café soluble ou moulu pour bien commencer la journée.|Instant or ground coffee to start the day well.|Café soluble o molido para empezar bien el día.|Löslicher oder gemahlener Kaffee für einen guten Start in den Tag.
Thés et plantes pour le thé à la menthe et les tisanes du soir.|Teas and herbs for mint tea and evening infusions.|Tés y plantas para el té a la menta y las infusiones de la noche.|Tees und Kräuter für Minztee und Abendtees.
Boissons cacaotées et chocolats pour le petit-déjeuner et le goûter.|Cocoa drinks and chocolate for breakfast and snack time.|Bebidas de cacao y chocolates para el desayuno y la merienda.|Kakaogetränke und Schokolade für Frühstück und Zwischenmahlzeit.
Céréales et bouillies pour un petit-déjeuner complet.|Cereals and porridges for a complete breakfast.|Cereales y papillas para un desayuno completo.|Cerealien und Breie für ein vollständiges Frühstück.
Douceurs à tartiner sur le pain du matin.|Sweet spreads for your morning bread.|Dulces para untar en el pan de la mañana.|Süße Aufstriche fürs Frühstücksbrot.
Savons doux pour toute la famille.|Gentle soaps for the whole family.|Jabones suaves para toda la familia.|Milde Seifen für die ganze Familie.
Farines enrichies pour la diversification alimentaire de bébé.|Fortified cereals for baby's first foods.|Harinas enriquecidas para la diversificación alimentaria del bebé.|Angereicherte Breie für die Beikost des Babys.
""")

#: Countries of origin (the second sentence of an imported article's description).
COUNTRIES = _table("""
Afrique du Sud|South Africa|Sudáfrica|Südafrika
Allemagne|Germany|Alemania|Deutschland
Autriche|Austria|Austria|Österreich
Brésil|Brazil|Brasil|Brasilien
Bénin|Benin|Benín|Benin
Chine|China|China|China
Côte d'Ivoire|Côte d'Ivoire|Costa de Marfil|Elfenbeinküste
Espagne|Spain|España|Spanien
France|France|Francia|Frankreich
Ghana|Ghana|Ghana|Ghana
Inde|India|India|Indien
Italie|Italy|Italia|Italien
Kenya|Kenya|Kenia|Kenia
Madagascar|Madagascar|Madagascar|Madagaskar
Mali|Mali|Malí|Mali
Maroc|Morocco|Marruecos|Marokko
Niger|Niger|Níger|Niger
Nigeria|Nigeria|Nigeria|Nigeria
Pays-Bas|the Netherlands|Países Bajos|Niederlande
Royaume-Uni|the United Kingdom|Reino Unido|Vereinigtes Königreich
Suisse|Switzerland|Suiza|Schweiz
Sénégal|Senegal|Senegal|Senegal
Thaïlande|Thailand|Tailandia|Thailand
Tunisie|Tunisia|Túnez|Tunesien
Turquie|Turkey|Turquía|Türkei
Togo|Togo|Togo|Togo
""")

#: Titles and descriptions of the home sections and the promotions.
PHRASES = _table("""
Promos de la semaine|This week's deals|Ofertas de la semana|Angebote der Woche
Les meilleures réductions du moment, dans tous les rayons.|The best discounts of the moment, in every aisle.|Los mejores descuentos del momento, en todas las secciones.|Die besten Rabatte des Augenblicks, in allen Abteilungen.
Fruits de saison|Seasonal fruit|Frutas de temporada|Saisonobst
Mangues, agrumes et papayes cueillis à maturité.|Mangoes, citrus and papayas picked ripe.|Mangos, cítricos y papayas recogidos maduros.|Reif geerntete Mangos, Zitrusfrüchte und Papayas.
Petit-déjeuner|Breakfast|Desayuno|Frühstück
Tout pour bien commencer la journée : pain, lait, café et douceurs.|Everything to start the day well: bread, milk, coffee and treats.|Todo para empezar bien el día: pan, leche, café y dulces.|Alles für einen guten Start in den Tag: Brot, Milch, Kaffee und Süßes.
Produits locaux du Faso|Local produce from the Faso|Productos locales del Faso|Lokale Produkte aus dem Faso
Consommons burkinabè : le meilleur de nos producteurs et coopératives.|Buy Burkinabe: the best of our producers and cooperatives.|Consumamos burkinés: lo mejor de nuestros productores y cooperativas.|Burkinisch einkaufen: das Beste unserer Erzeuger und Kooperativen.
Boissons fraîches|Cold drinks|Bebidas frías|Kühle Getränke
Bissap, gingembre, jus et sodas à servir bien frais.|Bissap, ginger, juices and soft drinks, best served chilled.|Bissap, jengibre, zumos y refrescos para servir bien fríos.|Bissap, Ingwer, Säfte und Limonaden, gut gekühlt.
Épicerie essentielle|Pantry essentials|Despensa esencial|Vorratsklassiker
Les indispensables du placard, toujours au meilleur prix.|Cupboard essentials, always at the best price.|Lo imprescindible de la despensa, siempre al mejor precio.|Das Wichtigste für den Vorratsschrank, immer zum besten Preis.
Nouveautés|New in|Novedades|Neuheiten
Les derniers produits arrivés dans nos rayons.|The latest products on our shelves.|Los últimos productos llegados a nuestras secciones.|Die neuesten Produkte in unseren Regalen.
La saison des mangues|Mango season|La temporada del mango|Mangosaison
Fraîches, séchées ou en jus : la mangue sous toutes ses formes.|Fresh, dried or as juice: mango in every form.|Fresco, seco o en zumo: el mango en todas sus formas.|Frisch, getrocknet oder als Saft: Mango in allen Formen.
Spécial grillades|Barbecue special|Especial parrilla|Grill-Spezial
Brochettes, poulet bicyclette et poisson braisé pour vos soirées.|Skewers, free-range chicken and grilled fish for your evenings.|Brochetas, pollo de corral y pescado a la brasa para sus veladas.|Spieße, Freilandhuhn und gegrillter Fisch für Ihre Abende.
Bienvenue chez Grocer|Welcome to Grocer|Bienvenido a Grocer|Willkommen bei Grocer
50 % de réduction sur votre première commande avec le code NEW50 (jusqu'à 5 000 F).|50% off your first order with the code NEW50 (up to 5,000 F).|50 % de descuento en su primer pedido con el código NEW50 (hasta 5.000 F).|50 % Rabatt auf Ihre erste Bestellung mit dem Code NEW50 (bis zu 5.000 F).
Amélie, Kent, Brooks : -25 % sur les fruits frais de l'Ouest du Burkina avec le code MANGUE25.|Amélie, Kent, Brooks: 25% off fresh fruit from western Burkina with the code MANGUE25.|Amélie, Kent, Brooks: -25 % en fruta fresca del oeste de Burkina con el código MANGUE25.|Amélie, Kent, Brooks: 25 % Rabatt auf frisches Obst aus dem Westen Burkinas mit dem Code MANGUE25.
Consommons local|Buy local|Consumamos local|Lokal einkaufen
1 000 F offerts sur vos céréales du Faso (riz, mil, fonio) dès 10 000 F d'achat avec le code LOCAL1000.|1,000 F off your Faso grains (rice, millet, fonio) when you spend 10,000 F, with the code LOCAL1000.|1.000 F de regalo en sus cereales del Faso (arroz, mijo, fonio) a partir de 10.000 F de compra con el código LOCAL1000.|1.000 F Rabatt auf Getreide aus dem Faso (Reis, Hirse, Fonio) ab 10.000 F Einkaufswert mit dem Code LOCAL1000.
10 % sur tout le magasin|10% off the whole shop|10 % en toda la tienda|10 % auf das ganze Sortiment
Faites le plein de courses : 10 % de réduction sur tout le catalogue avec le code SAVE10.|Stock up: 10% off the whole catalogue with the code SAVE10.|Haga una buena compra: 10 % de descuento en todo el catálogo con el código SAVE10.|Vorräte auffüllen: 10 % Rabatt auf das gesamte Sortiment mit dem Code SAVE10.
15 % de réduction sur les jus, eaux et sodas avec le code FRAIS15.|15% off juices, water and soft drinks with the code FRAIS15.|15 % de descuento en zumos, aguas y refrescos con el código FRAIS15.|15 % Rabatt auf Säfte, Wasser und Limonaden mit dem Code FRAIS15.
Spécial Tabaski|Tabaski special|Especial Tabaski|Tabaski-Spezial
2 000 F de réduction sur la viande de mouton et de bœuf avec le code TABASKI.|2,000 F off mutton and beef with the code TABASKI.|2.000 F de descuento en carne de cordero y de ternera con el código TABASKI.|2.000 F Rabatt auf Hammel- und Rindfleisch mit dem Code TABASKI.
""")
# fmt: on

LOCAL_SENTENCE = "Produit local, fabriqué ou cultivé au Burkina Faso."
_LOCAL: Texts = (
    "Local product, made or grown in Burkina Faso.",
    "Producto local, elaborado o cultivado en Burkina Faso.",
    "Lokales Produkt, in Burkina Faso hergestellt oder angebaut.",
)
_IMPORTED: Texts = ("Imported from {}.", "Producto importado de {}.", "Importiert, Herkunft: {}.")

#: The category sections' generated titles and descriptions: French prefix → templates.
_TEMPLATES: tuple[tuple[str, str, Texts], ...] = (
    ("Incontournables – ", "", ("Essentials – {}", "Imprescindibles – {}", "Unverzichtbar – {}")),
    ("Sélection ", "", ("Our pick: {}", "Selección: {}", "Auswahl: {}")),
    ("Meilleures ventes – ", "", ("Best sellers – {}", "Más vendidos – {}", "Bestseller – {}")),
    (
        "Les produits les plus demandés du rayon ",
        ".",
        (
            "The most popular products in {}.",
            "Los productos más solicitados de la sección {}.",
            "Die beliebtesten Produkte der Abteilung {}.",
        ),
    ),
    (
        "Notre sélection du moment : ",
        ".",
        (
            "Our current pick: {}.",
            "Nuestra selección del momento: {}.",
            "Unsere aktuelle Auswahl: {}.",
        ),
    ),
)


def _lang_index(lang: str) -> int:
    return LANGS.index(lang)


def _category_name(fr: str, lang: str) -> str | None:
    found = CATEGORY_NAMES.get(fr) or next(
        (v for k, v in CATEGORY_NAMES.items() if k.lower() == fr.lower()), None
    )
    return found[_lang_index(lang)] if found else None


def text(fr: str | None, lang: str) -> str | None:
    """The translation of a demo name, title or promotion text, None when unknown."""
    if not fr:
        return None
    i = _lang_index(lang)
    for table in (ARTICLE_NAMES, CATEGORY_NAMES, PHRASES):
        if fr in table:
            return table[fr][i]
    for prefix, suffix, templates in _TEMPLATES:
        if fr.startswith(prefix) and fr.endswith(suffix):
            inner = fr[len(prefix) : len(fr) - len(suffix)] if suffix else fr[len(prefix) :]
            name = _category_name(inner, lang)
            if name:
                lowered = name if lang == "de" or not inner.islower() else name.lower()
                return templates[i].format(lowered)
    return None


def description(fr: str | None, lang: str) -> str | None:
    """An article's description: its blurb and its origin sentence, None when the blurb is
    not translated (the French description is shown then)."""
    if not fr:
        return None
    i = _lang_index(lang)
    blurb = next((b for b in BLURBS if fr.startswith(b)), None)
    if blurb is None:
        return None
    rest = fr[len(blurb) :].strip()
    if rest == LOCAL_SENTENCE:
        origin = _LOCAL[i]
    elif rest.startswith("Produit importé "):
        country = next((c for c in COUNTRIES if rest.rstrip(".").endswith(c)), None)
        origin = _IMPORTED[i].format(COUNTRIES[country][i]) if country else ""
    else:
        origin = ""
    return f"{BLURBS[blurb][i]} {origin}".strip()


def rows(
    pairs: Iterator[tuple[int, str, str | None]],
) -> list[tuple[int, str, str | None, str | None]]:
    """(ref_id, French name, French description) → translation rows (ref_id, lang, name,
    description) for `grocer.services.translations.put`; unknown texts are left out."""
    out = []
    for ref_id, name, desc in pairs:
        for lang in LANGS:
            translated, described = text(name, lang), description(desc, lang) or text(desc, lang)
            if translated or described:
                out.append((ref_id, lang, translated, described))
    return out
