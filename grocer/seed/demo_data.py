"""Demo catalogue for Grocer: categories, articles, promotions and home sections.

Pure data, deterministic, with no import of the project's models.  The catalogue is
written as compact tables of tuples that small helper functions expand into plain
dicts.  Picture paths are relative to ``assets/`` and are drawn by
:mod:`grocer.seed.images`.

Shapes of the exported dicts:

* category: ``key``, ``name``, ``icon``, ``image``, ``children`` (level 1 and 2),
  level-3 categories have ``children == []`` and ``articles``;
* article: see :data:`ARTICLE_FIELDS`;
* promotion: see :data:`PROMOTION_FIELDS`;
* section: see :data:`SECTION_FIELDS`;
* banner: see :data:`BANNER_FIELDS`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any, NotRequired, TypedDict

# --------------------------------------------------------------------------- types


class NutritionFact(TypedDict):
    name: str  # calories, fat, sodium, carbohydrate, fiber, protein, sugars
    value: float
    unit: str  # "kcal", "g" or "mg"


class Article(TypedDict):
    key: str
    name: str
    price_xof: int
    original_price_xof: int | None
    weight: str | None
    dimensions: tuple[float, float, float] | None  # length, width, height in cm
    brand: str
    origin: str
    description: str
    express: bool
    quality: str | None
    is_new: bool
    is_organic: bool
    is_local: bool
    is_gluten_free: bool
    is_kosher: bool
    promotion: str | None
    nutrition: list[NutritionFact] | None
    sku: str
    barcode: str
    sold_by: str
    supplier: str
    image: str


class Category(TypedDict):
    key: str
    name: str
    icon: str
    image: str
    children: list[Category]
    articles: NotRequired[list[Article]]


class Promotion(TypedDict):
    key: str
    name: str
    description: str
    display_on_banner: bool
    active: bool
    image: str
    banner_image: str | None
    banner_image_small: str | None
    promo_code: str
    discount_value: int
    discount_type: str  # "PERCENT" or "AMOUNT"
    end_date: str  # ISO date
    category: str | None


class Section(TypedDict):
    key: str
    title: str
    description: str
    display_order: int
    image: str | None
    active: bool
    category: str | None
    articles: list[str]


class Banner(TypedDict):
    key: str
    title: str
    subtitle: str
    image: str
    image_small: str
    promotion: str | None
    link: str


ARTICLE_FIELDS: tuple[str, ...] = tuple(Article.__annotations__)
PROMOTION_FIELDS: tuple[str, ...] = tuple(Promotion.__annotations__)
SECTION_FIELDS: tuple[str, ...] = tuple(Section.__annotations__)
BANNER_FIELDS: tuple[str, ...] = tuple(Banner.__annotations__)
NUTRIENTS: tuple[tuple[str, str], ...] = (
    ("calories", "kcal"),
    ("fat", "g"),
    ("sodium", "mg"),
    ("carbohydrate", "g"),
    ("fiber", "g"),
    ("protein", "g"),
    ("sugars", "g"),
)

# Row of an article table: (name, price, weight or (l, w, h) in cm, brand, origin code[, opts])
# opts is a space separated string: "b" organic, "n" new, "k" kosher, "g" gluten free,
# "G" not gluten free, "x" no express delivery, "@shape" and "#rrggbb" picture hints.
Row = tuple[Any, ...]
Nutri = tuple[float, float, float, float, float, float, float]
# Level-3 spec: (key, name, icon, shape, colour, blurb, nutrition, gluten free, rows)
L3Spec = tuple[str, str, str, str, str, str, Nutri | None, bool, list[Row]]
L2Spec = tuple[str, str, str, list[L3Spec]]
L1Spec = tuple[str, str, str, str, list[L2Spec]]  # key, name, icon, default supplier

# code: (French name, "from" phrase, GS1 prefix; "20" is the in-store range)
ORIGINS: dict[str, tuple[str, str, str]] = {
    "BF": ("Burkina Faso", "du Burkina Faso", "20"),
    "CI": ("Côte d'Ivoire", "de Côte d'Ivoire", "618"),
    "ML": ("Mali", "du Mali", "20"),
    "SN": ("Sénégal", "du Sénégal", "604"),
    "GH": ("Ghana", "du Ghana", "603"),
    "TG": ("Togo", "du Togo", "20"),
    "BJ": ("Bénin", "du Bénin", "20"),
    "NE": ("Niger", "du Niger", "20"),
    "NG": ("Nigeria", "du Nigeria", "615"),
    "MA": ("Maroc", "du Maroc", "611"),
    "TN": ("Tunisie", "de Tunisie", "619"),
    "ZA": ("Afrique du Sud", "d'Afrique du Sud", "600"),
    "KE": ("Kenya", "du Kenya", "616"),
    "MG": ("Madagascar", "de Madagascar", "20"),
    "FR": ("France", "de France", "30"),
    "ES": ("Espagne", "d'Espagne", "84"),
    "IT": ("Italie", "d'Italie", "80"),
    "NL": ("Pays-Bas", "des Pays-Bas", "87"),
    "DE": ("Allemagne", "d'Allemagne", "40"),
    "CH": ("Suisse", "de Suisse", "76"),
    "GB": ("Royaume-Uni", "du Royaume-Uni", "50"),
    "AT": ("Autriche", "d'Autriche", "90"),
    "TR": ("Turquie", "de Turquie", "869"),
    "TH": ("Thaïlande", "de Thaïlande", "885"),
    "IN": ("Inde", "d'Inde", "890"),
    "CN": ("Chine", "de Chine", "69"),
    "BR": ("Brésil", "du Brésil", "789"),
}

# --------------------------------------------------------------------------- catalogue

# fmt: off
FRUITS_LEGUMES: L1Spec = ("fruits-legumes", "Fruits et légumes", "🥭", "Maraîchers du Faso", [
    ("fruits", "Fruits", "🍊", [
        ("mangues", "Mangues", "🥭", "mango", "#f9a825",
         "Mangues juteuses cueillies à maturité dans les vergers de l'Ouest.",
         (60, 0.4, 1, 15, 1.6, 0.8, 13.7), True, [
             ("Mangue Amélie", 250, "1 pièce (≈ 400 g)", "Vergers d'Orodara", "BF", "b"),
             ("Mangue Kent", 300, "1 pièce (≈ 500 g)", "Vergers d'Orodara", "BF", "#ef6c00"),
             ("Mangue Brooks", 250, "1 pièce (≈ 450 g)", "Coopérative du Kénédougou", "BF"),
             ("Mangue Lippens", 200, "1 pièce (≈ 350 g)", "Coopérative du Kénédougou", "BF",
              "#e65100"),
             ("Mangues Amélie en cagette", 2200, "3 kg", "Vergers d'Orodara", "BF", "n @box"),
             ("Mangue Keitt", 350, "1 pièce (≈ 600 g)", "Vergers de Banfora", "BF", "#7cb342"),
         ]),
        ("agrumes", "Agrumes", "🍋", "citrus", "#fb8c00",
         "Agrumes gorgés de jus, parfaits pour les jus frais du matin.",
         (47, 0.1, 0, 12, 2.4, 0.9, 9), True, [
             ("Oranges douces", 750, "1 kg", "Vergers de Banfora", "BF"),
             ("Citrons verts", 500, "500 g", "Maraîchers du Kou", "BF", "#7cb342"),
             ("Mandarines", 1000, "1 kg", "Vergers de Banfora", "BF", "#f57c00"),
             ("Pamplemousse", 400, "1 pièce", "Vergers d'Azaguié", "CI", "#f7b267"),
             ("Oranges à jus", 2500, "5 kg", "Vergers de Banfora", "BF", "@sack"),
         ]),
        ("bananes-papayes", "Bananes et papayes", "🍌", "banana", "#fdd835",
         "Bananes et papayes mûries naturellement, douces et parfumées.",
         (89, 0.3, 1, 23, 2.6, 1.1, 12), True, [
             ("Bananes douces", 600, "1 kg", "Plantations de Bobo", "BF"),
             ("Bananes plantain", 700, "1 kg", "Plantations d'Aboisso", "CI", "#9ccc65"),
             ("Papaye solo", 750, "1 pièce (≈ 800 g)", "Jardins de Bama", "BF",
              "@papaya #ff9800"),
             ("Grosse papaye", 1200, "1 pièce (≈ 2 kg)", "Jardins de Bama", "BF",
              "@papaya #fb8c00"),
             ("Bananes bio", 900, "1 kg", "Plantations de Bobo", "BF", "b"),
         ]),
        ("fruits-saison", "Fruits de saison", "🍉", "fruit", "#e53935",
         "Fruits de saison sélectionnés chaque matin au marché de gros.",
         (50, 0.2, 1, 13, 1.5, 0.6, 10), True, [
             ("Pastèque", 1500, "1 pièce (≈ 4 kg)", "Maraîchers du Sourou", "BF",
              "@watermelon #2e7d32"),
             ("Ananas pain de sucre", 1000, "1 pièce", "Coopérative d'Allada", "BJ",
              "@pineapple #fbc02d"),
             ("Goyaves", 500, "500 g", "Jardins de Loumbila", "BF", "#9ccc65"),
             ("Noix de coco", 500, "1 pièce", "Plantations d'Assinie", "CI", "@coconut #795548"),
             ("Pommes Golden", 2500, "1 kg", "Vergers du Limousin", "FR", "#d4e157"),
             ("Pain de singe", 500, "500 g", "Cueilleuses du Sahel", "BF", "@pod #c8b88a"),
         ]),
    ]),
    ("legumes", "Légumes", "🥬", [
        ("tomates-oignons", "Tomates et oignons", "🍅", "tomato", "#e53935",
         "Légumes de base de la cuisine burkinabè, récoltés à la bonne maturité.",
         (30, 0.2, 5, 7, 1.5, 1, 4), True, [
             ("Tomates fraîches", 800, "1 kg", "Maraîchers de Loumbila", "BF"),
             ("Tomates cerises", 900, "250 g", "Jardins de Loumbila", "BF", "n"),
             ("Oignons violets de Galmi", 600, "1 kg", "Coopérative de Galmi", "NE",
              "@bulb #8e24aa"),
             ("Oignons blancs", 500, "1 kg", "Maraîchers du Sourou", "BF", "@bulb #efe6cf"),
             ("Ail", 700, "250 g", "Sahel Import", "CN", "@bulb #eee6d3"),
             ("Échalotes", 600, "500 g", "Coopérative de Ouahigouya", "BF", "@bulb #b5651d"),
         ]),
        ("legumes-feuilles", "Légumes feuilles", "🥬", "leaf", "#43a047",
         "Feuilles fraîches pour les sauces, cultivées autour de Ouagadougou.",
         (25, 0.4, 40, 4, 2.5, 2.5, 0.5), True, [
             ("Oseille fraîche (bito)", 150, "1 botte", "Maraîchers de Loumbila", "BF"),
             ("Feuilles de baobab séchées", 400, "200 g", "Cueilleuses du Sahel", "BF",
              "@bag #689f38"),
             ("Épinards", 250, "1 botte", "Maraîchers de Loumbila", "BF", "#2e7d32"),
             ("Laitue", 350, "1 pièce", "Jardins de Loumbila", "BF", "#8bc34a"),
             ("Chou pommé", 600, "1 pièce (≈ 1 kg)", "Maraîchers du Kou", "BF",
              "@cabbage #aed581"),
             ("Feuilles de moringa", 200, "1 botte", "Jardins de Loumbila", "BF", "b"),
         ]),
        ("legumes-fruits", "Légumes-fruits", "🍆", "veg", "#558b2f",
         "Légumes de saison, croquants et pleins de saveur.",
         (25, 0.2, 5, 5, 2.5, 1.2, 3), True, [
             ("Aubergines africaines", 400, "500 g", "Maraîchers du Kou", "BF", "#c5e1a5"),
             ("Gombo frais", 500, "500 g", "Maraîchers de Loumbila", "BF", "#7cb342"),
             ("Courgettes", 1200, "1 kg", "Jardins de Loumbila", "BF"),
             ("Poivrons verts", 800, "500 g", "Maraîchers du Kou", "BF", "@pepper #43a047"),
             ("Concombres", 700, "1 kg", "Maraîchers du Sourou", "BF", "#2e7d32"),
             ("Piment frais", 300, "200 g", "Maraîchers de Loumbila", "BF", "#e53935"),
         ]),
        ("racines-tubercules", "Racines et tubercules", "🥔", "tuber", "#a1887f",
         "Tubercules fermes et savoureux, idéals en ragoût ou en frites.",
         (110, 0.2, 10, 26, 3, 1.6, 3), True, [
             ("Igname", 1500, "2 kg", "Coopérative de Léo", "BF", "#8d6e63"),
             ("Patates douces", 500, "1 kg", "Coopérative de Léo", "BF", "#ad5a3a"),
             ("Pommes de terre", 800, "1 kg", "Maraîchers du Sourou", "BF", "#d7b56d"),
             ("Manioc frais", 900, "2 kg", "Plantations de Banfora", "BF", "#6d4c41"),
             ("Carottes", 900, "1 kg", "Jardins de Loumbila", "BF", "@veg #ef6c00"),
             ("Gingembre frais", 500, "500 g", "Coopérative de Banfora", "BF", "#d7a86e"),
         ]),
    ]),
    ("fruits-secs-noix", "Fruits secs et noix", "🥜", [
        ("arachides", "Arachides", "🥜", "sack", "#c8a165",
         "Arachides du Centre-Nord, riches en protéines et en saveur.",
         (570, 49, 10, 16, 8.5, 26, 4), True, [
             ("Arachides décortiquées", 900, "1 kg", "Coopérative de Kaya", "BF"),
             ("Arachides grillées salées", 500, "250 g", "Délices du Faso", "BF", "@bag"),
             ("Arachides en coque", 600, "1 kg", "Coopérative de Kaya", "BF"),
             ("Pâte d'arachide", 1000, "500 g", "Délices du Faso", "BF", "@jar"),
             ("Nougat d'arachide", 300, "100 g", "Délices du Faso", "BF", "@bar n"),
         ]),
        ("noix-cajou", "Noix de cajou", "🌰", "bag", "#e8c07d",
         "Noix de cajou transformées au Burkina, croquantes et gourmandes.",
         (580, 46, 12, 30, 3.3, 18, 6), True, [
             ("Noix de cajou grillées", 2500, "250 g", "Anatrans", "BF"),
             ("Noix de cajou nature", 4500, "500 g", "Anatrans", "BF"),
             ("Noix de cajou salées", 1500, "150 g", "Cajou du Faso", "BF"),
             ("Noix de cajou épicées", 1600, "150 g", "Cajou du Faso", "BF", "n"),
         ]),
        ("fruits-seches", "Fruits séchés", "🍍", "bag", "#ffb300",
         "Fruits séchés au soleil, sans sucre ajouté, pour les petites faims.",
         (320, 0.8, 10, 78, 6, 2.5, 65), True, [
             ("Mangue séchée", 1500, "100 g", "Gebana Burkina", "BF", "b"),
             ("Mangue séchée bio grand sachet", 3500, "250 g", "Gebana Burkina", "BF", "b n"),
             ("Dattes Deglet Nour", 2500, "500 g", "Palmeraies du Djérid", "TN", "@box #6d4c41"),
             ("Ananas séché", 1800, "100 g", "Association Wouol", "BF"),
             ("Raisins secs", 1200, "200 g", "Sahel Import", "TR", "#6d4c41"),
             ("Papaye séchée", 1600, "100 g", "Association Wouol", "BF", "#fb8c00"),
         ]),
    ]),
])

CEREALES: L1Spec = ("cereales-feculents", "Céréales et féculents", "🌾", "Céréales du Faso", [
    ("riz", "Riz", "🍚", [
        ("riz-local", "Riz local", "🍚", "sack", "#efe3c2",
         "Riz cultivé dans les plaines aménagées du Burkina, sans cailloux.",
         (360, 0.8, 5, 79, 1.3, 7, 0.2), True, [
             ("Riz étuvé de Bagré", 650, "1 kg", "Bagrépôle", "BF"),
             ("Riz blanc de Bama", 700, "1 kg", "Coopérative de Bama", "BF"),
             ("Riz du Sourou", 3200, "5 kg", "Union des producteurs du Sourou", "BF"),
             ("Riz étuvé de Bagré grand sac", 15000, "25 kg", "Bagrépôle", "BF", "x"),
             ("Riz local brisé", 600, "1 kg", "Coopérative de Banzon", "BF"),
         ]),
        ("riz-importe", "Riz importé", "🍙", "sack", "#f5f0e6",
         "Riz long grain au grain fin et parfumé.",
         (358, 0.6, 5, 80, 1, 7, 0.1), True, [
             ("Riz parfumé thaï", 900, "1 kg", "Royal Umbrella", "TH"),
             ("Riz basmati", 1800, "1 kg", "Tilda", "IN", "@bag"),
             ("Riz brisé parfumé", 16500, "25 kg", "Royal", "TH", "x"),
             ("Riz long grain", 4500, "5 kg", "Royal", "TH"),
             ("Riz jasmin", 1000, "1 kg", "Golden Phoenix", "TH", "@bag"),
         ]),
    ]),
    ("mil-sorgho-mais", "Mil, sorgho et maïs", "🌽", [
        ("mil-sorgho", "Mil et sorgho", "🌾", "sack", "#d7ccc8",
         "Céréales du Sahel pour le tô, la bouillie et le dèguè.",
         (360, 4, 5, 73, 8, 11, 1), True, [
             ("Mil local", 450, "1 kg", "Coopérative de Dori", "BF"),
             ("Sorgho blanc", 400, "1 kg", "Coopérative de Kaya", "BF"),
             ("Sorgho rouge", 400, "1 kg", "Coopérative de Kaya", "BF", "#a1887f"),
             ("Farine de mil", 700, "1 kg", "Moulins du Faso", "BF", "@bag"),
             ("Couscous de mil", 900, "1 kg", "Délices du Faso", "BF", "@bag"),
             ("Grumeaux de mil pour dèguè", 800, "500 g", "Délices du Faso", "BF", "@bag n"),
         ]),
        ("mais", "Maïs", "🌽", "sack", "#fdd835",
         "Maïs des Hauts-Bassins, grain, farine ou semoule pour le tô.",
         (365, 4.7, 35, 74, 7.3, 9.4, 0.6), True, [
             ("Maïs grain jaune", 300, "1 kg", "Coopérative de Houndé", "BF"),
             ("Farine de maïs", 500, "1 kg", "Moulins du Faso", "BF", "@bag"),
             ("Semoule de maïs", 600, "1 kg", "Moulins du Faso", "BF", "@bag"),
             ("Maïs frais en épi", 150, "1 épi", "Maraîchers du Kou", "BF", "@veg"),
             ("Maïs à éclater", 800, "500 g", "Délices du Faso", "BF", "@bag"),
         ]),
        ("fonio", "Fonio", "🌾", "bag", "#e6d3a3",
         "Le fonio, céréale ancestrale sans gluten, cuit en quelques minutes.",
         (360, 1, 6, 80, 2, 8, 0.3), True, [
             ("Fonio précuit", 1500, "1 kg", "Fonio du Faso", "BF"),
             ("Fonio blanchi", 900, "500 g", "Fonio du Faso", "BF"),
             ("Fonio bio", 2000, "1 kg", "Coopérative de Bobo", "BF", "b"),
             ("Couscous de fonio", 1000, "500 g", "Délices du Faso", "BF", "n"),
             ("Fonio de Sikasso", 1400, "1 kg", "Ferme de Sikasso", "ML"),
         ]),
    ]),
    ("pates-farines", "Pâtes, farines et semoules", "🍝", [
        ("pates", "Pâtes", "🍝", "bag", "#ffd54f",
         "Pâtes de blé dur qui tiennent bien à la cuisson.",
         (360, 1.5, 6, 73, 3, 12, 3), False, [
             ("Spaghetti", 400, "500 g", "Pâtes Maman", "SN"),
             ("Macaroni", 450, "500 g", "Pâtes Maman", "SN"),
             ("Vermicelles", 400, "500 g", "Pâtes Maman", "SN"),
             ("Coquillettes", 900, "500 g", "Panzani", "FR", "k"),
             ("Spaghetti complets", 1200, "500 g", "Barilla", "IT", "n #a1887f"),
         ]),
        ("farines", "Farines", "🌾", "bag", "#f5f5f5",
         "Farines pour la pâtisserie, les beignets et le pain maison.",
         (360, 1.2, 2, 75, 3, 10, 1), False, [
             ("Farine de blé", 700, "1 kg", "Grands Moulins du Burkina", "BF"),
             ("Farine de blé grand format", 17500, "25 kg", "Grands Moulins du Burkina", "BF",
              "@sack x"),
             ("Farine de riz", 900, "1 kg", "Moulins du Faso", "BF", "g"),
             ("Farine de patate douce", 1000, "500 g", "Délices du Faso", "BF", "g n"),
             ("Gari (farine de manioc)", 800, "1 kg", "Gari d'Abomey", "BJ", "g"),
         ]),
        ("semoules-couscous", "Semoules et couscous", "🥣", "bag", "#ffe082",
         "Semoules et couscous prêts en cinq minutes.",
         (360, 1.1, 10, 74, 4, 12, 1), False, [
             ("Couscous moyen", 1100, "1 kg", "Dari", "SN"),
             ("Attiéké séché", 1000, "1 kg", "Attiéké d'Abidjan", "CI", "g"),
             ("Semoule de blé fine", 900, "1 kg", "Dari", "SN"),
             ("Couscous de blé complet", 1400, "1 kg", "Tipiak", "FR", "k"),
             ("Boulgour", 1300, "500 g", "Sahel Import", "TR"),
         ]),
    ]),
    ("legumineuses", "Légumineuses", "🫘", [
        ("haricots-niebe", "Haricots et niébé", "🫘", "sack", "#efe6dc",
         "Légumineuses riches en protéines pour le benga et les beignets.",
         (340, 1.5, 15, 60, 15, 23, 3), True, [
             ("Niébé blanc", 800, "1 kg", "Coopérative de Kaya", "BF"),
             ("Niébé rouge", 850, "1 kg", "Coopérative de Kaya", "BF", "#a1887f"),
             ("Haricots rouges", 1200, "1 kg", "Coopérative de Koudougou", "BF", "#8d3b2f"),
             ("Pois de terre (voandzou)", 1000, "1 kg", "Coopérative de Léo", "BF"),
             ("Farine de niébé", 900, "500 g", "Délices du Faso", "BF", "@bag n"),
         ]),
        ("lentilles-pois", "Lentilles et pois", "🟤", "bag", "#8d6e63",
         "Lentilles et pois secs pour des plats mijotés nourrissants.",
         (350, 1.5, 10, 60, 11, 24, 2), True, [
             ("Lentilles vertes", 1000, "500 g", "Sabarot", "FR", "k #558b2f"),
             ("Pois chiches", 1100, "500 g", "Sahel Import", "TR", "#e0c48a"),
             ("Petits pois cassés", 900, "500 g", "Sabarot", "FR", "#9ccc65"),
             ("Soja en grain", 700, "1 kg", "Coopérative de Koudougou", "BF", "@sack"),
             ("Lentilles corail", 1300, "500 g", "Sahel Import", "TR", "n #ff7043"),
         ]),
    ]),
])

LAITIERS: L1Spec = ("produits-laitiers-oeufs", "Produits laitiers et œufs", "🥛",
                    "Laiteries du Faso", [
    ("laits", "Laits", "🥛", [
        ("lait-frais", "Lait frais et caillé", "🥛", "carton", "#ffffff",
         "Lait collecté chaque jour auprès des éleveurs et pasteurisé à Ouagadougou.",
         (65, 3.6, 45, 4.8, 0, 3.3, 4.8), True, [
             ("Lait frais pasteurisé", 1000, "1 L", "Faso Kosam", "BF"),
             ("Lait caillé sucré", 600, "500 ml", "Faso Kosam", "BF", "@cup"),
             ("Lait caillé nature", 1000, "1 L", "Faso Kosam", "BF"),
             ("Gapal au lait caillé", 500, "33 cl", "Laiterie de Kossodo", "BF",
              "@bottle #f5e6c8 n"),
             ("Lait entier de la ferme", 900, "1 L", "Ferme de Koubri", "BF", "@bottle"),
             ("Dèguè au lait caillé", 500, "250 ml", "Laiterie de Kossodo", "BF", "@cup"),
         ]),
        ("lait-poudre", "Lait en poudre", "🍼", "can", "#1e88e5",
         "Lait en poudre facile à conserver, pour toute la famille.",
         (500, 27, 370, 38, 0, 25, 38), True, [
             ("Lait en poudre Nido", 3000, "400 g", "Nestlé", "NL"),
             ("Lait en poudre Nido grand format", 6500, "900 g", "Nestlé", "NL"),
             ("Lait en poudre Bonnet Rouge", 2700, "400 g", "Bonnet Rouge", "NL", "#d32f2f"),
             ("Lait entier en poudre en sachet", 150, "25 g", "Vitalait", "SN", "@bag"),
             ("Lait en poudre écrémé", 2500, "400 g", "Laicran", "SN", "#43a047"),
         ]),
        ("lait-concentre", "Lait concentré", "🥫", "can", "#0277bd",
         "Lait concentré onctueux pour le café, le thé et les desserts.",
         (320, 8, 120, 55, 0, 8, 55), True, [
             ("Lait concentré sucré", 800, "397 g", "Bonnet Rouge", "NL", "#d32f2f"),
             ("Lait concentré non sucré", 500, "170 g", "Peak", "NL"),
             ("Lait concentré sucré en tube", 900, "170 g", "Nestlé", "FR", "@tube k"),
             ("Lait concentré sucré Nestlé", 850, "397 g", "Nestlé", "CI", "#1565c0"),
             ("Lait concentré non sucré grand format", 1000, "410 g", "Peak", "NL"),
         ]),
    ]),
    ("yaourts-fromages", "Yaourts, fromages et beurre", "🧀", [
        ("yaourts", "Yaourts", "🍶", "cup", "#ffffff",
         "Yaourts onctueux fabriqués avec du lait local.",
         (90, 3, 50, 12, 0, 3.5, 11), True, [
             ("Yaourt nature", 300, "125 g", "Faso Kosam", "BF"),
             ("Yaourt sucré vanille", 300, "125 g", "Faso Kosam", "BF", "#fff3c4"),
             ("Yaourt à boire fraise", 800, "500 ml", "Laiterie de Kossodo", "BF",
              "@bottle #f48fb1"),
             ("Yaourt nature pack", 1100, "4 x 125 g", "Faso Kosam", "BF", "@box"),
             ("Yaourt grec", 1500, "400 g", "Danone", "FR", "k"),
             ("Yaourt au fonio", 400, "150 g", "Laiterie de Kossodo", "BF", "n"),
         ]),
        ("fromages", "Fromages", "🧀", "cheese", "#ffe082",
         "Fromages locaux et importés pour les sandwichs et les gratins.",
         (350, 27, 700, 2, 0, 24, 1), True, [
             ("Fromage peul (wagashi)", 1500, "250 g", "Fromagerie de Parakou", "BJ",
              "#fff8e1"),
             ("La Vache qui rit", 1200, "8 portions (128 g)", "Bel", "FR", "@box #d32f2f"),
             ("Emmental râpé", 2500, "200 g", "Président", "FR", "@bag k"),
             ("Fromage de chèvre frais", 2000, "200 g", "Ferme de Koubri", "BF", "#fafafa"),
             ("Gouda en tranches", 2800, "150 g", "Frico", "NL", "@box"),
         ]),
        ("beurre-creme", "Beurre et crème", "🧈", "box", "#fff176",
         "Beurre et crème pour cuisiner et tartiner.",
         (720, 80, 500, 0.5, 0, 0.7, 0.5), True, [
             ("Beurre doux", 2900, "250 g", "Président", "FR", "k"),
             ("Crème fraîche épaisse", 1500, "20 cl", "Elle & Vire", "FR", "@cup"),
             ("Margarine", 800, "250 g", "Blue Band", "CI", "@cup"),
             ("Margarine grand pot", 2500, "1 kg", "Blue Band", "CI", "@cup"),
             ("Beurre demi-sel", 3000, "250 g", "Président", "FR"),
         ]),
    ]),
    ("oeufs", "Œufs", "🥚", [
        ("oeufs-poule", "Œufs de poule", "🥚", "egg", "#f3e0c7",
         "Œufs frais pondus dans les fermes de la ceinture verte de Ouaga.",
         (145, 10, 140, 0.7, 0, 12.5, 0.4), True, [
             ("Œufs frais x6", 600, "6 œufs", "Ferme avicole de Koubri", "BF"),
             ("Œufs frais x12", 1150, "12 œufs", "Ferme avicole de Koubri", "BF"),
             ("Plateau de 30 œufs", 2750, "30 œufs", "Ferme avicole de Koubri", "BF"),
             ("Œufs bio x6", 1200, "6 œufs", "Ferme de Loumbila", "BF", "b"),
             ("Œufs extra-frais x10", 1000, "10 œufs", "Ferme de Loumbila", "BF", "n"),
         ]),
        ("oeufs-speciaux", "Œufs de pintade et de caille", "🪺", "egg", "#e8dcc7",
         "Œufs de pintade, de caille et de poule locale, au goût prononcé.",
         (160, 11, 140, 0.8, 0, 13, 0.4), True, [
             ("Œufs de pintade x10", 1500, "10 œufs", "Élevage de Pô", "BF", "#d7ccc8"),
             ("Œufs de caille x12", 1000, "12 œufs", "Ferme de Saaba", "BF", "#efebe9"),
             ("Œufs de poule bicyclette x10", 1500, "10 œufs", "Élevage de Pô", "BF"),
             ("Œufs de cane x6", 1200, "6 œufs", "Ferme de Saaba", "BF", "#e0f2f1"),
         ]),
    ]),
])

VIANDES: L1Spec = ("viandes-poissons", "Viandes et poissons", "🍗", "Boucherie du Faso", [
    ("volailles", "Volailles", "🐔", [
        ("poulet-bicyclette", "Poulet bicyclette", "🐓", "chicken", "#d4a373",
         "Poulet local élevé en plein air, à la chair ferme et goûteuse.",
         (180, 9, 80, 0, 0, 25, 0), True, [
             ("Poulet bicyclette entier", 3500, "1 pièce (≈ 1 kg)", "Élevage de Pô", "BF"),
             ("Poulet bicyclette fumé", 4000, "1 pièce (≈ 800 g)", "Élevage de Pô", "BF",
              "#a0522d"),
             ("Poulet bicyclette découpé", 3800, "1 kg", "Ferme de Saaba", "BF"),
             ("Poulet bicyclette braisé", 4500, "1 pièce", "Rôtisserie de Ouaga", "BF",
              "n #8d4a24"),
             ("Poulet bicyclette bio", 4500, "1 pièce (≈ 1 kg)", "Ferme de Loumbila", "BF",
              "b"),
         ]),
        ("poulet-chair", "Poulet de chair", "🍗", "chicken", "#f1c6a0",
         "Poulet tendre, découpé et prêt à cuisiner.",
         (215, 15, 75, 0, 0, 19, 0), True, [
             ("Poulet de chair entier", 3500, "1,5 kg", "Ferme avicole de Koubri", "BF"),
             ("Cuisses de poulet", 2500, "1 kg", "Ferme avicole de Koubri", "BF"),
             ("Blancs de poulet", 2200, "500 g", "Ferme avicole de Koubri", "BF", "@meat #f8bbd0"),
             ("Ailes de poulet", 2000, "1 kg", "Ferme de Saaba", "BF"),
             ("Gésiers de poulet", 1500, "500 g", "Ferme de Saaba", "BF", "@meat #8d3b2f"),
         ]),
        ("pintade-autres", "Pintade et autres volailles", "🦃", "chicken", "#c08457",
         "Volailles de caractère, idéales grillées ou en sauce.",
         (160, 6, 70, 0, 0, 25, 0), True, [
             ("Pintade entière", 4000, "1 pièce (≈ 1,2 kg)", "Élevage de Pô", "BF"),
             ("Pintade fumée", 4500, "1 pièce (≈ 1 kg)", "Élevage de Pô", "BF", "#8d4a24"),
             ("Cuisses de dinde", 3000, "1 kg", "Ferme de Saaba", "BF"),
             ("Canard entier", 5000, "1 pièce (≈ 2 kg)", "Ferme de Saaba", "BF"),
             ("Lapin entier", 4500, "1 pièce (≈ 1,2 kg)", "Clapier de Ziniaré", "BF",
              "n @meat"),
         ]),
    ]),
    ("viandes-rouges", "Viandes rouges", "🥩", [
        ("boeuf", "Bœuf", "🐄", "meat", "#c62828",
         "Viande de bœuf issue des élevages du Sahel, découpée par nos bouchers.",
         (220, 14, 60, 0, 0, 23, 0), True, [
             ("Viande de bœuf avec os", 3000, "1 kg", "Abattoir de Ouagadougou", "BF"),
             ("Filet de bœuf", 5000, "1 kg", "Abattoir de Ouagadougou", "BF"),
             ("Viande hachée de bœuf", 2200, "500 g", "Boucherie du Faso", "BF"),
             ("Brochettes de bœuf", 2000, "10 pièces", "Boucherie du Faso", "BF"),
             ("Kilichi", 3000, "250 g", "Kilichi de Niamey", "NE", "@bag #8d4a24"),
             ("Foie de bœuf", 2500, "1 kg", "Abattoir de Ouagadougou", "BF", "#6d1b1b"),
         ]),
        ("mouton-chevre", "Mouton et chèvre", "🐑", "meat", "#b71c1c",
         "Viande de petits ruminants, parfaite pour les grillades et le ragoût.",
         (250, 18, 65, 0, 0, 21, 0), True, [
             ("Gigot d'agneau", 4000, "1 kg", "Boucherie du Faso", "BF"),
             ("Viande de mouton", 3500, "1 kg", "Abattoir de Ouagadougou", "BF"),
             ("Viande de chèvre", 3500, "1 kg", "Abattoir de Ouagadougou", "BF"),
             ("Côtelettes d'agneau", 2500, "500 g", "Boucherie du Faso", "BF"),
             ("Mouton entier pour la fête", 75000, "1 pièce (≈ 30 kg)", "Éleveurs du Sahel",
              "BF", "x"),
         ]),
        ("charcuterie", "Charcuterie halal", "🌭", "meat", "#e57373",
         "Charcuterie halal pour les sandwichs et les grillades.",
         (280, 22, 900, 3, 0, 16, 1), False, [
             ("Saucisses de bœuf", 2000, "500 g", "Boucherie du Faso", "BF"),
             ("Jambon de dinde", 1800, "200 g", "Isla Délice", "FR", "@box #f8bbd0"),
             ("Merguez", 2500, "500 g", "Boucherie du Faso", "BF"),
             ("Saucisson de bœuf", 2200, "250 g", "Isla Délice", "FR"),
             ("Pâté de volaille", 1200, "180 g", "Isla Délice", "FR", "@jar"),
         ]),
    ]),
    ("poissons", "Poissons et fruits de mer", "🐟", [
        ("poissons-frais", "Poissons frais", "🐟", "fish", "#90a4ae",
         "Poissons des lacs et barrages du Burkina, livrés sur glace.",
         (110, 3, 60, 0, 0, 20, 0), True, [
             ("Capitaine frais", 4000, "1 kg", "Pêcheurs de Bagré", "BF"),
             ("Carpe du Kou", 2500, "1 kg", "Pisciculture du Kou", "BF"),
             ("Silure frais", 3000, "1 kg", "Pêcheurs du Sourou", "BF", "#607d8b"),
             ("Tilapia de Bagré", 2500, "1 kg", "Pêcheurs de Bagré", "BF"),
             ("Filets de capitaine", 6000, "1 kg", "Pêcheurs de Bagré", "BF", "n #eceff1"),
         ]),
        ("poissons-fumes-seches", "Poissons fumés et séchés", "🐠", "fish", "#8d6e63",
         "Poissons fumés ou séchés au feu de bois pour relever les sauces.",
         (250, 8, 1200, 0, 0, 45, 0), True, [
             ("Carpe fumée", 2000, "500 g", "Fumoir de la Kompienga", "BF"),
             ("Capitaine fumé", 3500, "500 g", "Fumoir de la Kompienga", "BF"),
             ("Petits poissons séchés", 1000, "200 g", "Pêcheurs de Mopti", "ML", "@bag"),
             ("Crevettes séchées", 1500, "100 g", "Pêcheurs de Joal", "SN", "@bag #ef6c00"),
             ("Sardinelles fumées", 1200, "500 g", "Fumoir de Joal", "SN"),
             ("Yêt (cymbium fermenté)", 1000, "100 g", "Pêcheurs de Joal", "SN", "@bag"),
         ]),
        ("poissons-surgeles", "Poissons surgelés", "❄️", "fish", "#78909c",
         "Poissons de mer surgelés en mer pour garder toute leur fraîcheur.",
         (130, 5, 80, 0, 0, 20, 0), True, [
             ("Chinchard surgelé", 1500, "1 kg", "Pêcheries du Sénégal", "SN"),
             ("Filets de merlu surgelés", 2500, "1 kg", "Findus", "FR", "@box"),
             ("Sardines surgelées", 1200, "1 kg", "Pêcheries du Sénégal", "SN"),
             ("Crevettes surgelées", 4000, "500 g", "Pêcheries du Sénégal", "SN", "@box"),
             ("Maquereau surgelé", 1800, "1 kg", "Pêcheries du Sénégal", "SN", "#546e7a"),
         ]),
    ]),
])

EPICERIE: L1Spec = ("epicerie", "Épicerie", "🫙", "Sahel Distribution", [
    ("huiles-matieres-grasses", "Huiles et matières grasses", "🫒", [
        ("huiles", "Huiles végétales", "🛢️", "bottle", "#fbc02d",
         "Huile pour la friture et les sauces, filtrée et raffinée.",
         (900, 100, 0, 0, 0, 0, 0), True, [
             ("Huile de coton raffinée Savor", 1500, "1 L", "Savor", "BF"),
             ("Huile de coton Savor en bidon", 7000, "5 L", "Savor", "BF", "x"),
             ("Huile d'arachide", 1800, "1 L", "Niani", "SN", "#ffb300"),
             ("Huile de palme rouge", 1500, "1 L", "Coopérative de Banfora", "BF", "#c62828"),
             ("Huile d'olive vierge extra", 4500, "50 cl", "Carbonell", "ES", "k #827717"),
             ("Huile végétale Dinor", 1600, "1 L", "Dinor", "CI"),
         ]),
        ("karite-sesame", "Karité et sésame", "🌰", "jar", "#f0e0b0",
         "Beurre de karité et sésame produits par des coopératives de femmes.",
         (880, 98, 0, 0, 0, 0, 0), True, [
             ("Beurre de karité alimentaire", 1500, "500 g", "Coopérative Nununa", "BF"),
             ("Beurre de karité bio", 1500, "250 g", "Coopérative Nununa", "BF", "b"),
             ("Huile de sésame", 2500, "50 cl", "Sésame du Faso", "BF", "@bottle #d4a76a"),
             ("Graines de sésame", 800, "250 g", "Sésame du Faso", "BF", "@bag"),
             ("Oléine de karité", 2000, "1 L", "Coopérative Nununa", "BF", "@bottle n"),
         ]),
    ]),
    ("condiments-epices", "Condiments et épices", "🧂", [
        ("soumbala", "Soumbala et condiments locaux", "🟤", "bag", "#5d4037",
         "Condiments traditionnels qui donnent leur goût aux sauces du Faso.",
         (430, 28, 700, 15, 10, 35, 2), True, [
             ("Soumbala en boule", 250, "100 g", "Femmes de Koudougou", "BF"),
             ("Soumbala en poudre", 400, "100 g", "Faso Soumbala", "BF", "@jar"),
             ("Soumbala bio", 800, "250 g", "Faso Soumbala", "BF", "b"),
             ("Piment sec en poudre", 300, "100 g", "Femmes de Koudougou", "BF", "#c62828"),
             ("Potasse (kanwa)", 150, "200 g", "Femmes de Koudougou", "BF", "#bdbdbd"),
             ("Bikalga (datou)", 300, "100 g", "Femmes de Koudougou", "BF"),
         ]),
        ("bouillons", "Bouillons et assaisonnements", "🧊", "box", "#d32f2f",
         "Bouillons en cube pour assaisonner riz, sauces et soupes.",
         (250, 15, 20000, 20, 0.5, 8, 5), True, [
             ("Cubes Maggi Étoile", 2500, "100 cubes", "Maggi", "CI", "#fbc02d"),
             ("Bouillon Jumbo", 1500, "60 cubes", "Jumbo", "SN", "#2e7d32"),
             ("Bouillon Adja", 1200, "48 tablettes", "Adja", "SN"),
             ("Assaisonnement Onga", 100, "10 g", "Onga", "GH", "@bag #fb8c00"),
             ("Bouillon Maggi crevette", 1500, "50 cubes", "Maggi", "CI", "n #ef6c00"),
             ("Bouillon Doli", 1000, "40 cubes", "Doli", "CI", "#1565c0"),
         ]),
        ("epices", "Épices et herbes", "🌶️", "jar", "#8d6e63",
         "Épices moulues et entières pour parfumer vos plats.",
         (300, 5, 40, 60, 25, 10, 2), True, [
             ("Poivre noir moulu", 500, "50 g", "Ducros", "FR", "#424242"),
             ("Gingembre en poudre", 500, "100 g", "Femmes de Koudougou", "BF", "#d7a86e"),
             ("Curry", 400, "50 g", "Ducros", "FR", "#f9a825"),
             ("Clous de girofle", 600, "50 g", "Sahel Import", "MG", "#4e342e"),
             ("Ail en poudre", 500, "50 g", "Ducros", "FR", "#eee6d3"),
         ]),
        ("sauces-tomate", "Tomate concentrée et sauces", "🥫", "can", "#c62828",
         "Tomate concentrée et sauces pour la cuisine de tous les jours.",
         (100, 1, 600, 18, 4, 4, 12), True, [
             ("Tomate concentrée Gino", 150, "70 g", "Gino", "GH"),
             ("Double concentré de tomate", 600, "400 g", "Pomo", "IT"),
             ("Mayonnaise", 1800, "430 ml", "Calvé", "NL", "@jar #fff8e1 k"),
             ("Ketchup", 1500, "500 g", "Heinz", "NL", "@bottle"),
             ("Moutarde de Dijon", 1200, "370 g", "Amora", "FR", "@jar #fbc02d"),
             ("Sauce pimentée du Faso", 800, "250 ml", "Délices du Faso", "BF",
              "@bottle #d32f2f n"),
         ]),
    ]),
    ("conserves", "Conserves", "🥫", [
        ("conserves-poisson", "Conserves de poisson", "🐟", "can", "#1565c0",
         "Conserves de poisson pratiques pour les repas rapides.",
         (200, 12, 400, 0, 0, 22, 0), True, [
             ("Sardines à l'huile", 600, "125 g", "Jocker", "MA"),
             ("Thon au naturel", 1100, "160 g", "Pêche d'Or", "CI", "#00838f"),
             ("Maquereaux à la sauce tomate", 1000, "425 g", "Titus", "MA", "#c62828"),
             ("Sardines piquantes", 650, "125 g", "Jocker", "MA", "#e53935"),
             ("Thon à l'huile", 1200, "160 g", "Pêche d'Or", "CI", "#00695c"),
         ]),
        ("conserves-legumes", "Conserves de légumes", "🌽", "can", "#43a047",
         "Légumes en conserve, prêts à réchauffer.",
         (60, 0.5, 250, 10, 4, 3, 3), True, [
             ("Petits pois en conserve", 800, "400 g", "Bonduelle", "FR", "k"),
             ("Haricots verts en conserve", 900, "400 g", "Bonduelle", "FR"),
             ("Maïs doux", 900, "300 g", "Bonduelle", "FR", "#fbc02d"),
             ("Champignons de Paris émincés", 1100, "400 g", "Bonduelle", "FR", "#8d6e63"),
             ("Macédoine de légumes", 950, "400 g", "D'aucy", "FR", "#ef6c00"),
         ]),
        ("conserves-viande", "Conserves de viande", "🥩", "can", "#ad1457",
         "Conserves de viande à garder dans le placard.",
         (250, 18, 900, 2, 0, 20, 0.5), False, [
             ("Corned-beef", 2000, "340 g", "Exeter", "BR"),
             ("Pâté de foie", 400, "78 g", "Hénaff", "FR", "#1565c0"),
             ("Saucisses cocktail en conserve", 1500, "200 g", "Isla Délice", "FR"),
             ("Luncheon meat", 1600, "340 g", "Exeter", "BR", "#6a1b9a"),
             ("Bœuf en sauce", 1800, "400 g", "Délices du Faso", "BF", "n #6d4c41"),
         ]),
    ]),
    ("sucre-sel", "Sucre et sel", "🧂", [
        ("sucre", "Sucre", "🍬", "sack", "#ffffff",
         "Sucre de canne pour le thé, les jus et la pâtisserie.",
         (400, 0, 0, 100, 0, 0, 100), True, [
             ("Sucre en morceaux", 900, "1 kg", "SOSUCO", "BF", "@box"),
             ("Sucre en poudre", 800, "1 kg", "SOSUCO", "BF", "@bag"),
             ("Sucre en poudre grand sac", 3800, "5 kg", "SOSUCO", "BF"),
             ("Sucre roux de canne", 1200, "1 kg", "Daddy", "FR", "@bag #c49a6c"),
             ("Sucre vanillé", 300, "37,5 g", "Vahiné", "FR", "@bag k"),
         ]),
        ("sel", "Sel", "🧂", "bag", "#e3f2fd",
         "Sel iodé pour la cuisine et la table.",
         (0, 0, 38000, 0, 0, 0, 0), True, [
             ("Sel iodé fin", 250, "1 kg", "Salins du Saloum", "SN"),
             ("Gros sel", 200, "1 kg", "Salins du Saloum", "SN"),
             ("Sel de table en salière", 400, "250 g", "La Baleine", "FR", "@jar"),
             ("Sel aux herbes", 900, "100 g", "Herbamare", "CH", "@jar n"),
         ]),
    ]),
])

BOISSONS: L1Spec = ("boissons", "Boissons", "🥤", "Brakina Distribution", [
    ("boissons-locales", "Boissons locales", "🌺", [
        ("bissap", "Bissap", "🌺", "bottle", "#880e4f",
         "Boisson à la fleur d'hibiscus, désaltérante et riche en vitamines.",
         (45, 0, 5, 11, 0, 0, 10.5), True, [
             ("Jus de bissap", 800, "1 L", "Dafani", "BF"),
             ("Bissap en petite bouteille", 300, "33 cl", "Délices du Faso", "BF"),
             ("Fleurs de bissap séchées", 500, "250 g", "Femmes de Koudougou", "BF", "@bag"),
             ("Sirop de bissap", 2000, "75 cl", "Délices du Faso", "BF"),
             ("Bissap blanc", 800, "1 L", "Délices du Faso", "BF", "n #f8bbd0"),
         ]),
        ("gingembre", "Gingembre", "🫚", "bottle", "#f9a825",
         "Jus de gingembre frais et piquant, pressé à Ouagadougou.",
         (50, 0, 5, 12, 0, 0, 11), True, [
             ("Jus de gingembre", 1000, "1 L", "Dafani", "BF"),
             ("Gingembre en petite bouteille", 350, "33 cl", "Délices du Faso", "BF"),
             ("Gingembre citronné", 600, "50 cl", "Délices du Faso", "BF", "#cddc39"),
             ("Gingembre ananas", 700, "50 cl", "Délices du Faso", "BF", "n #ffca28"),
             ("Sirop de gingembre", 2200, "75 cl", "Délices du Faso", "BF"),
         ]),
        ("jus-locaux", "Autres jus locaux", "🧃", "bottle", "#8d6e63",
         "Boissons traditionnelles du Faso, préparées sans conservateur.",
         (55, 0.2, 5, 13, 0.5, 0.3, 11), True, [
             ("Jus de tamarin", 800, "1 L", "Délices du Faso", "BF", "#6d4c41"),
             ("Jus de baobab (bouye)", 1000, "1 L", "Délices du Faso", "BF", "#efe6d3"),
             ("Zoom-koom", 700, "1 L", "Délices du Faso", "BF", "#e0d2b4"),
             ("Jus de citron local", 800, "1 L", "Délices du Faso", "BF", "#cddc39"),
             ("Jus de liane (saba)", 900, "1 L", "Délices du Faso", "BF", "n #f9a825"),
         ]),
    ]),
    ("jus-eaux", "Jus et eaux", "💧", [
        ("jus-fruits", "Jus de fruits", "🧃", "carton", "#ff9800",
         "Jus et nectars de fruits, à servir bien frais.",
         (50, 0.1, 3, 12, 0.3, 0.4, 11), True, [
             ("Jus de mangue Dafani", 1200, "1 L", "Dafani", "BF"),
             ("Nectar de mangue Dafani", 400, "33 cl", "Dafani", "BF", "@can"),
             ("Jus d'orange Dafani", 1200, "1 L", "Dafani", "BF", "#fb8c00"),
             ("Jus d'ananas", 1300, "1 L", "Tropical", "CI", "#fdd835"),
             ("Jus de pomme", 1800, "1 L", "Joker", "FR", "k #c0ca33"),
             ("Cocktail de fruits tropicaux", 1400, "1 L", "Tropical", "CI", "n #ef5350"),
         ]),
        ("eaux", "Eaux", "💧", "bottle", "#4fc3f7",
         "Eau minérale et eau de source, à boire sans modération.",
         (0, 0, 5, 0, 0, 0, 0), True, [
             ("Eau minérale Lafi", 400, "1,5 L", "Lafi", "BF"),
             ("Pack eau minérale Lafi", 2200, "6 x 1,5 L", "Lafi", "BF", "@pack x"),
             ("Eau minérale Lafi petite bouteille", 200, "50 cl", "Lafi", "BF"),
             ("Eau de source Yilgré", 350, "1,5 L", "Yilgré", "BF"),
             ("Eau en sachets", 1000, "30 x 40 cl", "Pure Water Faso", "BF", "@bag"),
             ("Eau gazeuse", 1200, "1 L", "Badoit", "FR", "#26a69a"),
         ]),
    ]),
    ("sodas-bieres", "Sodas, maltées et bières", "🥤", [
        ("sodas", "Sodas", "🥤", "can", "#d32f2f",
         "Sodas rafraîchissants embouteillés au Burkina.",
         (42, 0, 10, 10.6, 0, 0, 10.6), True, [
             ("Coca-Cola", 400, "33 cl", "Brakina", "BF"),
             ("Fanta orange", 1000, "1,5 L", "Brakina", "BF", "@bottle #fb8c00"),
             ("Sprite en pack", 2300, "6 x 33 cl", "Brakina", "BF", "@pack #43a047"),
             ("Youki Cocktail", 500, "33 cl", "Youki", "SN", "#ff7043"),
             ("Schweppes Tonic", 500, "33 cl", "Brakina", "BF", "#fbc02d"),
             ("Limonade", 350, "30 cl", "Brakina", "BF", "@bottle #cfd8dc"),
         ]),
        ("boissons-maltees", "Boissons maltées et énergisantes", "⚡", "can", "#4e342e",
         "Boissons maltées et énergisantes pour faire le plein d'énergie.",
         (55, 0, 40, 13, 0, 0.4, 11), True, [
             ("Malta Guinness", 600, "33 cl", "Guinness", "GH"),
             ("Boisson énergisante XXL", 500, "33 cl", "XXL Energy", "CI", "#212121"),
             ("Red Bull", 1200, "25 cl", "Red Bull", "AT", "#1a237e"),
             ("Vimto", 500, "33 cl", "Vimto", "NG", "#6a1b9a"),
             ("Boisson maltée sans alcool", 450, "33 cl", "Brakina", "BF", "n"),
         ]),
        ("bieres", "Bières", "🍺", "bottle", "#6d4c41",
         "Bières brassées au Burkina, à consommer avec modération.",
         (43, 0, 4, 3.6, 0, 0.5, 0.1), False, [
             ("Bière Brakina", 700, "65 cl", "Brakina", "BF"),
             ("Bière Flag", 700, "65 cl", "Brakina", "BF", "#2e7d32"),
             ("Bière So.b.bra", 700, "65 cl", "Sobbra", "BF", "#1565c0"),
             ("Bière Beaufort", 550, "33 cl", "Brakina", "BF", "@can #c62828"),
             ("Guinness Foreign Extra", 700, "33 cl", "Guinness", "GH", "#212121"),
         ]),
    ]),
])

PETIT_DEJ: L1Spec = ("boulangerie-petit-dejeuner", "Boulangerie et petit-déjeuner", "🥖",
                     "Boulangerie de Ouaga", [
    ("boulangerie", "Boulangerie", "🥖", [
        ("pains", "Pains", "🍞", "loaf", "#d4a373",
         "Pain cuit chaque matin dans notre fournil partenaire de Ouagadougou.",
         (265, 3, 500, 50, 3, 9, 3), False, [
             ("Baguette", 150, "200 g", "Boulangerie de Ouaga", "BF", "@baguette"),
             ("Pain de mie", 1000, "500 g", "Boulangerie de Ouaga", "BF", "#e9c46a"),
             ("Pain complet", 800, "400 g", "Boulangerie de Ouaga", "BF", "#a1887f"),
             ("Pain de campagne", 1000, "500 g", "Boulangerie du Kadiogo", "BF"),
             ("Pain au sésame", 500, "250 g", "Boulangerie du Kadiogo", "BF", "n"),
         ]),
        ("viennoiseries", "Viennoiseries", "🥐", "croissant", "#e0a458",
         "Viennoiseries pur beurre, dorées et feuilletées.",
         (400, 21, 400, 45, 2, 8, 10), False, [
             ("Croissant", 300, "60 g", "Boulangerie de Ouaga", "BF"),
             ("Pain au chocolat", 350, "70 g", "Boulangerie de Ouaga", "BF", "@loaf"),
             ("Brioche tranchée", 1500, "400 g", "Boulangerie du Kadiogo", "BF", "@loaf"),
             ("Pains au lait x10", 1200, "350 g", "Pasquier", "FR", "@box"),
             ("Chausson aux pommes", 500, "90 g", "Boulangerie de Ouaga", "BF", "n"),
         ]),
        ("galettes-beignets", "Galettes et beignets locaux", "🍩", "loaf", "#c68b59",
         "Spécialités du matin préparées par les femmes de Tanghin.",
         (300, 12, 250, 40, 3, 7, 6), True, [
             ("Galettes de mil (massa)", 500, "10 pièces", "Femmes de Tanghin", "BF"),
             ("Beignets de haricot (samsa)", 500, "10 pièces", "Femmes de Tanghin", "BF"),
             ("Gâteau de mil", 300, "1 pièce", "Femmes de Tanghin", "BF"),
             ("Beignets sucrés", 500, "10 pièces", "Boulangerie de Ouaga", "BF", "G"),
             ("Galettes de riz", 500, "10 pièces", "Femmes de Tanghin", "BF", "n"),
         ]),
    ]),
    ("cafe-the-cacao", "Café, thé et cacao", "☕", [
        ("cafe", "Café", "☕", "jar", "#4e342e",
         "Café soluble ou moulu pour bien commencer la journée.",
         (350, 0.5, 80, 40, 30, 12, 0), True, [
             ("Nescafé Classic", 2500, "100 g", "Nescafé", "CI"),
             ("Café moulu arabica", 3000, "250 g", "Malongo", "FR", "@bag k"),
             ("Café Touba", 1500, "250 g", "Café Touba Mbacké", "SN", "@bag"),
             ("Nescafé en sticks", 1500, "25 x 2 g", "Nescafé", "CI", "@box"),
             ("Café robusta ivoirien", 2000, "250 g", "Unicafé", "CI", "@bag n"),
         ]),
        ("the-infusions", "Thé et infusions", "🍵", "box", "#2e7d32",
         "Thés et plantes pour le thé à la menthe et les tisanes du soir.",
         (1, 0, 1, 0.2, 0, 0, 0), True, [
             ("Thé vert de Chine", 1000, "250 g", "Dragon d'Or", "CN"),
             ("Thé Lipton Yellow Label", 1200, "25 sachets", "Lipton", "KE", "#fbc02d"),
             ("Kinkéliba", 500, "100 g", "Femmes de Koudougou", "BF", "@bag b"),
             ("Citronnelle séchée", 300, "50 g", "Femmes de Koudougou", "BF", "@bag"),
             ("Tisane de moringa", 800, "20 sachets", "Moringa du Faso", "BF", "n b"),
             ("Thé à la menthe", 900, "100 g", "Sultan", "MA", "#00897b"),
         ]),
        ("cacao-chocolat", "Cacao et chocolat", "🍫", "can", "#5d4037",
         "Boissons cacaotées et chocolats pour le petit-déjeuner et le goûter.",
         (390, 12, 100, 60, 10, 10, 45), True, [
             ("Milo", 2800, "400 g", "Nestlé", "GH", "#2e7d32"),
             ("Ovomaltine", 3500, "400 g", "Ovomaltine", "CH", "#ef6c00 G"),
             ("Cacao en poudre non sucré", 1500, "250 g", "Cémoi", "CI", "@box"),
             ("Chocolat noir en tablette", 1000, "100 g", "Cémoi", "CI", "@bar"),
             ("Chocolat au lait en tablette", 1000, "100 g", "Cémoi", "CI", "@bar #8d6e63"),
         ]),
    ]),
    ("cereales-tartines", "Céréales et tartines", "🍯", [
        ("cereales-petit-dejeuner", "Céréales et bouillies", "🥣", "box", "#ffb300",
         "Céréales et bouillies pour un petit-déjeuner complet.",
         (380, 5, 400, 75, 7, 9, 15), False, [
             ("Bouillie de mil instantanée", 800, "500 g", "Délices du Faso", "BF", "@bag g"),
             ("Corn flakes", 2500, "375 g", "Kellogg's", "DE", "k"),
             ("Flocons d'avoine", 1800, "500 g", "Quaker", "NL", "#e0c48a"),
             ("Muesli aux fruits", 3000, "500 g", "Jordans", "GB", "#8bc34a"),
             ("Céréales chocolatées", 2700, "375 g", "Nestlé", "FR", "n #5d4037"),
         ]),
        ("miel-tartiner", "Miel, confitures et pâtes à tartiner", "🍯", "jar", "#f9a825",
         "Douceurs à tartiner sur le pain du matin.",
         (300, 10, 20, 65, 1, 2, 60), True, [
             ("Miel du Burkina", 3000, "500 g", "Apiculteurs du Nahouri", "BF"),
             ("Miel de karité", 3500, "500 g", "Apiculteurs du Nahouri", "BF", "b #ffb300"),
             ("Confiture de mangue", 1800, "370 g", "Délices du Faso", "BF", "#ff9800"),
             ("Pâte à tartiner Nutella", 3500, "400 g", "Ferrero", "IT", "#5d4037"),
             ("Confiture de fraise", 2000, "370 g", "Bonne Maman", "FR", "k #c62828"),
         ]),
        ("biscuits", "Biscuits et gâteaux", "🍪", "box", "#d4a373",
         "Biscuits pour le goûter et les pauses café.",
         (470, 20, 350, 68, 2, 7, 25), False, [
             ("Biscuits sablés", 500, "200 g", "Biscuiterie du Faso", "BF"),
             ("Biscuits au chocolat", 300, "100 g", "Delika", "CI", "#5d4037"),
             ("Crackers salés", 600, "200 g", "Tuc", "FR", "#fbc02d"),
             ("Gaufrettes vanille", 400, "150 g", "Delika", "CI", "#fff176"),
             ("Biscuits au sésame", 500, "150 g", "Biscuiterie du Faso", "BF", "n"),
             ("Petits beurre", 900, "200 g", "LU", "FR", "k #ffca28"),
         ]),
    ]),
])

HYGIENE: L1Spec = ("hygiene-maison", "Hygiène et maison", "🧼", "Distribution Hygiène Faso", [
    ("hygiene-corporelle", "Hygiène corporelle", "🧴", [
        ("savons", "Savons", "🧼", "soap", "#f8bbd0",
         "Savons doux pour toute la famille.",
         None, False, [
             ("Savon de karité", 500, "200 g", "Coopérative Nununa", "BF", "#f0e0b0"),
             ("Savon de toilette Jago", 300, "150 g", "Jago", "BF", "#81d4fa"),
             ("Savon Lux", 400, "175 g", "Lux", "CI"),
             ("Savon noir (kabakourou)", 300, "250 g", "Femmes de Koudougou", "BF", "#3e2723"),
             ("Savon liquide pour les mains", 1500, "500 ml", "Dettol", "GB",
              "@bottle #2e7d32"),
             ("Savon antiseptique", 500, "100 g", "Protex", "CI", "#c62828"),
         ]),
        ("soins-bucco", "Soins bucco-dentaires", "🪥", "tube", "#1e88e5",
         "Pour des dents saines et une haleine fraîche.",
         None, False, [
             ("Dentifrice Signal", 800, "100 ml", "Signal", "CI"),
             ("Brosse à dents souple", 300, (19, 3, 2), "Signal", "CI", "@brush"),
             ("Fil dentaire", 600, (5, 5, 2), "Oral-B", "DE", "@box"),
             ("Bain de bouche", 1800, "250 ml", "Listerine", "FR", "@bottle #00897b"),
             ("Bâtonnets frotte-dents (sotiou)", 100, (18, 4, 4), "Femmes de Tanghin", "BF",
              "@brush #8d6e63"),
             ("Dentifrice Colgate", 850, "100 ml", "Colgate", "GH", "#d32f2f"),
         ]),
        ("soins-corps", "Soins du corps et cheveux", "🧴", "bottle", "#ce93d8",
         "Soins hydratants adaptés au climat sec du Sahel.",
         None, False, [
             ("Lait corporel au karité", 2500, "400 ml", "Coopérative Nununa", "BF",
              "#f0e0b0"),
             ("Vaseline", 1200, "250 ml", "Vaseline", "ZA", "@jar #1e88e5"),
             ("Shampoing", 1800, "400 ml", "Dop", "FR"),
             ("Déodorant", 2000, "150 ml", "Nivea", "DE", "@can #1565c0"),
             ("Huile de karité cosmétique", 1500, "100 ml", "Coopérative Nununa", "BF",
              "b #ffe082"),
         ]),
    ]),
    ("entretien", "Entretien de la maison", "🧽", [
        ("lessive", "Lessive", "🧺", "bag", "#1e88e5",
         "Lessives efficaces, même à la main et à l'eau froide.",
         None, False, [
             ("Lessive en poudre Omo", 1500, "1 kg", "Omo", "CI"),
             ("Savon de ménage en barre", 500, "400 g", "Jago", "BF", "@soap #fff176"),
             ("Lessive liquide", 2000, "1 L", "Ariel", "FR", "@bottle #2e7d32"),
             ("Lessive en poudre Madar", 1000, "500 g", "Madar", "SN", "#e53935"),
             ("Assouplissant", 1800, "1 L", "Soupline", "FR", "@bottle #ce93d8"),
         ]),
        ("nettoyants", "Nettoyants", "🧴", "bottle", "#26a69a",
         "Produits ménagers pour une maison propre et saine.",
         None, False, [
             ("Eau de Javel", 600, "1 L", "La Croix", "FR", "#eceff1"),
             ("Liquide vaisselle", 1000, "750 ml", "Mir", "FR", "#fdd835"),
             ("Nettoyant multi-usages", 1500, "1 L", "Mr Propre", "FR"),
             ("Désinfectant Dettol", 2500, "500 ml", "Dettol", "GB", "#2e7d32"),
             ("Liquide vaisselle au citron", 700, "500 ml", "Jago", "BF", "#cddc39"),
         ]),
        ("accessoires-menage", "Accessoires de ménage", "🧹", "sponge", "#ffca28",
         "Accessoires solides pour le ménage de tous les jours.",
         None, False, [
             ("Balai traditionnel", 500, (90, 15, 8), "Artisans de Ouaga", "BF", "@broom"),
             ("Éponges grattantes x3", 400, (10, 7, 3), "Spontex", "FR"),
             ("Seau en plastique 10 L", 2000, (30, 30, 28), "Fasoplast", "BF", "@bucket"),
             ("Serpillière", 800, (50, 40, 1), "Spontex", "FR", "@cloth"),
             ("Gants de ménage", 1000, (30, 12, 1), "Mapa", "FR", "@cloth #fdd835"),
             ("Bouilloire à ablutions (satala)", 1000, (25, 15, 22), "Fasoplast", "BF",
              "@bucket #26a69a"),
         ]),
    ]),
    ("maison-cuisine", "Maison et cuisine", "🏠", [
        ("papier-emballages", "Papier et emballages", "🧻", "roll", "#ffffff",
         "Essentiels en papier et emballages pour la cuisine.",
         None, False, [
             ("Papier toilette x4", 1200, (22, 22, 10), "Lotus", "CI"),
             ("Essuie-tout x2", 1500, (24, 22, 11), "Okay", "FR"),
             ("Sacs poubelle 30 L x20", 1000, (25, 10, 5), "Fasoplast", "BF", "@box #424242"),
             ("Papier aluminium 10 m", 1500, (30, 5, 5), "Albal", "DE", "@box #b0bec5"),
             ("Film alimentaire 30 m", 1200, (30, 5, 5), "Albal", "DE", "@box #4fc3f7"),
         ]),
        ("anti-moustiques", "Anti-moustiques", "🦟", "box", "#43a047",
         "Pour se protéger des moustiques, surtout en saison des pluies.",
         None, False, [
             ("Spirales anti-moustiques x10", 500, (14, 14, 3), "Baygon", "CI"),
             ("Insecticide aérosol", 2000, "300 ml", "Rambo", "CI", "@can #c62828"),
             ("Moustiquaire imprégnée", 3000, (180, 160, 150), "Olyset", "CN", "#1e88e5"),
             ("Lotion répulsive", 2500, "100 ml", "Autan", "FR", "@bottle"),
             ("Diffuseur électrique anti-moustiques", 3000, (8, 6, 6), "Baygon", "CI", "n"),
         ]),
        ("cuisine-energie", "Cuisine et énergie", "🔥", "box", "#ff7043",
         "Petits indispensables pour la cuisine et les coupures de courant.",
         None, False, [
             ("Charbon de bois", 1500, "5 kg", "Charbon du Faso", "BF", "@sack #424242"),
             ("Allumettes x10 boîtes", 250, (10, 6, 4), "Safcom", "SN"),
             ("Bougies x6", 600, (20, 8, 3), "Bougies du Faso", "BF", "#fff8e1"),
             ("Briquet", 200, (8, 2, 1), "Bic", "FR", "#e53935"),
             ("Piles AA x4", 1000, (10, 5, 2), "Panasonic", "CN", "#212121"),
             ("Recharge de gaz butane", 5000, "6 kg", "Sodigaz", "BF", "@can x"),
         ]),
    ]),
])

BEBE: L1Spec = ("bebe", "Bébé", "👶", "Pharmacie du Kadiogo", [
    ("alimentation-bebe", "Alimentation bébé", "🍼", [
        ("laits-infantiles", "Laits infantiles", "🍼", "can", "#90caf9",
         "Laits infantiles adaptés à chaque âge de bébé.",
         (500, 26, 180, 55, 0, 11, 50), True, [
             ("Lait infantile Guigoz 1er âge", 5500, "400 g", "Nestlé", "FR"),
             ("Lait infantile Nan 2", 6000, "400 g", "Nestlé", "CH", "#1565c0"),
             ("Lait infantile Lactogen 1", 4500, "400 g", "Nestlé", "CI", "#43a047"),
             ("Lait de croissance Nido 1+", 5000, "400 g", "Nestlé", "NL", "#fbc02d"),
             ("Lait infantile Gallia Calisma 1", 6500, "400 g", "Gallia", "FR", "k"),
         ]),
        ("bouillies-infantiles", "Farines et bouillies infantiles", "🥣", "bag", "#ffcc80",
         "Farines enrichies pour la diversification alimentaire de bébé.",
         (400, 8, 60, 70, 4, 14, 20), False, [
             ("Farine infantile Misola", 1000, "500 g", "Misola", "BF", "g"),
             ("Cérélac blé", 2500, "400 g", "Nestlé", "CI", "@box"),
             ("Farine infantile mil-soja", 900, "500 g", "Délices du Faso", "BF", "g"),
             ("Cérélac riz", 2500, "400 g", "Nestlé", "CI", "@box g"),
             ("Farine infantile au fonio", 1200, "500 g", "Fonio du Faso", "BF", "g b n"),
         ]),
        ("petits-pots", "Petits pots et compotes", "🥕", "jar", "#ffb74d",
         "Petits pots et compotes prêts à servir pour les tout-petits.",
         (70, 1.5, 30, 11, 2, 1.5, 8), True, [
             ("Compote de pomme x4", 2000, "4 x 90 g", "Blédina", "FR", "@cup #c0ca33"),
             ("Petit pot légumes", 1500, "200 g", "Blédina", "FR", "#8bc34a"),
             ("Petit pot poulet carottes", 1600, "200 g", "Blédina", "FR", "#ef6c00"),
             ("Compote de mangue bébé", 600, "90 g", "Délices du Faso", "BF", "@cup n"),
             ("Purée de patate douce bébé", 700, "120 g", "Délices du Faso", "BF", "n"),
         ]),
    ]),
    ("soins-bebe", "Soins et couches", "🧷", [
        ("couches", "Couches", "🧷", "box", "#81d4fa",
         "Couches douces et absorbantes pour des nuits tranquilles.",
         None, False, [
             ("Couches Pampers taille 3 x44", 6000, (40, 25, 12), "Pampers", "DE"),
             ("Couches Molfix taille 4 x36", 5000, (38, 24, 12), "Molfix", "TR", "#1565c0"),
             ("Couches Softcare taille 2 x40", 4000, (36, 22, 10), "Softcare", "GH",
              "#f48fb1"),
             ("Couches-culottes Pampers taille 5 x28", 6500, (40, 25, 12), "Pampers", "DE",
              "n"),
         ]),
        ("toilette-bebe", "Toilette bébé", "🛁", "bottle", "#f8bbd0",
         "Produits doux pour la peau délicate de bébé.",
         None, False, [
             ("Lingettes bébé x72", 1500, (20, 12, 6), "Pampers", "DE", "@box"),
             ("Savon bébé", 600, "100 g", "Johnson's", "FR", "@soap"),
             ("Huile pour bébé", 1500, "200 ml", "Johnson's", "FR"),
             ("Talc pour bébé", 1000, "200 g", "Johnson's", "ZA", "#ffffff"),
             ("Crème pour le change", 2000, "100 ml", "Mustela", "FR", "@tube"),
             ("Beurre de karité pour bébé", 1000, "100 g", "Coopérative Nununa", "BF",
              "@jar b"),
         ]),
    ]),
])

CATALOGUE: list[L1Spec] = [
    FRUITS_LEGUMES, CEREALES, LAITIERS, VIANDES, EPICERIE, BOISSONS, PETIT_DEJ, HYGIENE, BEBE,
]
# fmt: on

# --------------------------------------------------------------------------- helpers

QUALITY_BADGES = ("Peak Quality", "Bio", "Local")
PROMOTION_TEXTS = (
    "2 achetés, 1 offert",
    "-10 % dès 3 achetés",
    "Lot économique",
    "Le 2e à moitié prix",
)
SALE_FACTORS = (1.15, 1.2, 1.25, 1.3)
GROCER = "Grocer Ouaga"


def slugify(text: str) -> str:
    """ASCII slug: lower case, words joined by ``-``."""
    text = text.replace("œ", "oe").replace("Œ", "Oe").replace("æ", "ae")
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    out: list[str] = []
    for ch in ascii_text.lower():
        out.append(ch if ch.isalnum() else "-")
    return "-".join(part for part in "".join(out).split("-") if part)


def ean13_check_digit(body: str) -> int:
    """Check digit of a 12-digit EAN-13 body."""
    if len(body) != 12 or not body.isdigit():
        raise ValueError(f"EAN-13 body must be 12 digits: {body!r}")
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(body))
    return (10 - total % 10) % 10


def is_valid_ean13(code: str) -> bool:
    return len(code) == 13 and code.isdigit() and ean13_check_digit(code[:12]) == int(code[12])


def _barcode(origin: str, seq: int) -> str:
    prefix = ORIGINS[origin][2]
    width = 12 - len(prefix)
    body = prefix + str(10**width + seq * 104729 + 7)[-width:]
    return body + str(ean13_check_digit(body))


def _round25(value: float) -> int:
    return int(-(-value // 25) * 25)


def _nutrition(profile: Nutri | None, index: int) -> list[NutritionFact] | None:
    if profile is None:
        return None
    factor = 1 + ((index % 5) - 2) * 0.03
    facts: list[NutritionFact] = []
    for (name, unit), base in zip(NUTRIENTS, profile, strict=True):
        value = round(base * factor, 1)
        facts.append({"name": name, "value": int(value) if unit == "kcal" else value, "unit": unit})
    return facts


def _parse_opts(opts: str) -> tuple[set[str], str | None, str | None]:
    flags: set[str] = set()
    shape: str | None = None
    color: str | None = None
    for token in opts.split():
        if token.startswith("@"):
            shape = token[1:]
        elif token.startswith("#"):
            color = token
        else:
            flags.update(token)
    return flags, shape, color


def _category_image(key: str) -> str:
    return f"/img/categories/{key}.webp"


# Picture hints for :mod:`grocer.seed.images` (not part of the article dicts).
ARTICLE_ART: dict[str, tuple[str, str]] = {}  # article key -> (shape, colour)
CATEGORY_ART: dict[str, tuple[str, str]] = {}  # category key -> (shape, colour)


def _article(row: Row, spec: L3Spec, supplier_default: str, index: int) -> Article:
    name, price, size, brand, origin = row[:5]
    flags, shape, color = _parse_opts(row[5] if len(row) > 5 else "")
    _, _, _, l3_shape, l3_color, blurb, profile, gluten_free, _ = spec
    key = slugify(name)
    ARTICLE_ART[key] = (shape or l3_shape, color or l3_color)
    weight: str | None = size if isinstance(size, str) else None
    dimensions: tuple[float, float, float] | None = (
        None if isinstance(size, str) else (float(size[0]), float(size[1]), float(size[2]))
    )
    country, from_phrase, _ = ORIGINS[origin]
    is_local = origin == "BF"
    is_organic = "b" in flags
    on_sale = index % 5 == 1
    original = _round25(price * SALE_FACTORS[index % 4]) if on_sale else None
    if "g" in flags:
        gluten_free = True
    if "G" in flags:
        gluten_free = False
    food = profile is not None
    is_kosher = "k" in flags or (
        food and not is_local and origin in {"FR", "NL", "DE", "CH"} and index % 4 == 0
    )
    if is_organic:
        quality: str | None = "Bio"
    elif is_local and index % 3 == 0:
        quality = "Local"
    elif index % 4 == 2:
        quality = "Peak Quality"
    else:
        quality = None
    origin_sentence = (
        "Produit local, fabriqué ou cultivé au Burkina Faso."
        if is_local
        else f"Produit importé {from_phrase}."
    )
    supplier = brand if is_local and index % 2 == 0 else supplier_default
    return {
        "key": key,
        "name": name,
        "price_xof": int(price),
        "original_price_xof": original,
        "weight": weight,
        "dimensions": dimensions,
        "brand": brand,
        "origin": country,
        "description": f"{blurb} {origin_sentence}",
        "express": "x" not in flags and index % 3 != 2,
        "quality": quality,
        "is_new": "n" in flags or index % 17 == 5,
        "is_organic": is_organic,
        "is_local": is_local,
        "is_gluten_free": bool(gluten_free) and food,
        "is_kosher": is_kosher,
        "promotion": PROMOTION_TEXTS[(index // 13) % 4] if index % 13 == 7 else None,
        "nutrition": _nutrition(profile, index),
        "sku": f"GRC-{index + 1:06d}",
        "barcode": _barcode(origin, index + 1),
        "sold_by": GROCER if index % 4 != 3 else supplier,
        "supplier": supplier,
        "image": f"/img/products/{key}.webp",
    }


def _build(catalogue: list[L1Spec]) -> list[Category]:
    index = 0
    seen_articles: set[str] = set()
    seen_categories: set[str] = set()
    result: list[Category] = []

    def new_category(key: str, name: str, icon: str) -> Category:
        if key in seen_categories:
            raise ValueError(f"duplicate category key {key}")
        seen_categories.add(key)
        return {
            "key": key,
            "name": name,
            "icon": icon,
            "image": _category_image(key),
            "children": [],
        }

    for l1_key, l1_name, l1_icon, supplier, l2_specs in catalogue:
        level1 = new_category(l1_key, l1_name, l1_icon)
        for l2_key, l2_name, l2_icon, l3_specs in l2_specs:
            level2 = new_category(l2_key, l2_name, l2_icon)
            for spec in l3_specs:
                level3 = new_category(spec[0], spec[1], spec[2])
                CATEGORY_ART[spec[0]] = (spec[3], spec[4])
                articles: list[Article] = []
                for row in spec[8]:
                    article = _article(row, spec, supplier, index)
                    if article["key"] in seen_articles:
                        raise ValueError(f"duplicate article key {article['key']}")
                    seen_articles.add(article["key"])
                    articles.append(article)
                    index += 1
                level3["articles"] = articles
                level2["children"].append(level3)
            CATEGORY_ART[l2_key] = CATEGORY_ART[l3_specs[0][0]]
            level1["children"].append(level2)
        CATEGORY_ART[l1_key] = CATEGORY_ART[l2_specs[0][0]]
        result.append(level1)
    return result


CATEGORIES: list[Category] = _build(CATALOGUE)


def iter_categories() -> Iterator[tuple[int, str | None, Category]]:
    """Yield ``(level, parent_key, category)`` for every category, parents first."""
    for level1 in CATEGORIES:
        yield 1, None, level1
        for level2 in level1["children"]:
            yield 2, level1["key"], level2
            for level3 in level2["children"]:
                yield 3, level2["key"], level3


def iter_articles() -> Iterator[tuple[str, str, str, Article]]:
    """Yield ``(level1_key, level2_key, level3_key, article)`` for every article."""
    for level1 in CATEGORIES:
        for level2 in level1["children"]:
            for level3 in level2["children"]:
                for article in level3.get("articles", []):
                    yield level1["key"], level2["key"], level3["key"], article


ARTICLES: dict[str, Article] = {a["key"]: a for *_, a in iter_articles()}

# --------------------------------------------------------------------------- promotions

PROMOTIONS: list[Promotion] = [
    {
        "key": "bienvenue",
        "name": "Bienvenue chez Grocer",
        "description": "50 % de réduction sur votre première commande avec le code NEW50 "
        "(jusqu'à 5 000 F).",
        "display_on_banner": True,
        "active": True,
        "image": "/img/promotions/bienvenue.webp",
        "banner_image": "/img/banners/banner-1.webp",
        "banner_image_small": "/img/banners/banner-1-600.webp",
        "promo_code": "NEW50",
        "discount_value": 50,
        "discount_type": "PERCENT",
        "end_date": "2027-12-31",
        "category": None,
    },
    {
        "key": "saison-mangues",
        "name": "La saison des mangues",
        "description": "Amélie, Kent, Brooks : -25 % sur les fruits frais de l'Ouest du "
        "Burkina avec le code MANGUE25.",
        "display_on_banner": True,
        "active": True,
        "image": "/img/promotions/saison-mangues.webp",
        "banner_image": "/img/banners/banner-2.webp",
        "banner_image_small": "/img/banners/banner-2-600.webp",
        "promo_code": "MANGUE25",
        "discount_value": 25,
        "discount_type": "PERCENT",
        "end_date": "2027-06-30",
        "category": "fruits-legumes",
    },
    {
        "key": "consommer-local",
        "name": "Consommons local",
        "description": "1 000 F offerts sur vos céréales du Faso (riz, mil, fonio) dès "
        "10 000 F d'achat avec le code LOCAL1000.",
        "display_on_banner": True,
        "active": True,
        "image": "/img/promotions/consommer-local.webp",
        "banner_image": "/img/banners/banner-3.webp",
        "banner_image_small": "/img/banners/banner-3-600.webp",
        "promo_code": "LOCAL1000",
        "discount_value": 1000,
        "discount_type": "AMOUNT",
        "end_date": "2027-09-30",
        "category": "cereales-feculents",
    },
    {
        "key": "economies",
        "name": "10 % sur tout le magasin",
        "description": "Faites le plein de courses : 10 % de réduction sur tout le "
        "catalogue avec le code SAVE10.",
        "display_on_banner": True,
        "active": True,
        "image": "/img/promotions/economies.webp",
        "banner_image": "/img/banners/banner-4.webp",
        "banner_image_small": "/img/banners/banner-4-600.webp",
        "promo_code": "SAVE10",
        "discount_value": 10,
        "discount_type": "PERCENT",
        "end_date": "2027-03-31",
        "category": None,
    },
    {
        "key": "boissons-fraiches",
        "name": "Boissons fraîches",
        "description": "15 % de réduction sur les jus, eaux et sodas avec le code FRAIS15.",
        "display_on_banner": False,
        "active": True,
        "image": "/img/promotions/boissons-fraiches.webp",
        "banner_image": None,
        "banner_image_small": None,
        "promo_code": "FRAIS15",
        "discount_value": 15,
        "discount_type": "PERCENT",
        "end_date": "2027-05-31",
        "category": "boissons",
    },
    {
        "key": "fete-tabaski",
        "name": "Spécial Tabaski",
        "description": "2 000 F de réduction sur la viande de mouton et de bœuf avec le "
        "code TABASKI.",
        "display_on_banner": False,
        "active": False,
        "image": "/img/promotions/fete-tabaski.webp",
        "banner_image": None,
        "banner_image_small": None,
        "promo_code": "TABASKI",
        "discount_value": 2000,
        "discount_type": "AMOUNT",
        "end_date": "2027-05-20",
        "category": "viandes-rouges",
    },
]

BANNERS: list[Banner] = [
    {
        "key": f"banner-{i}",
        "title": promo["name"],
        "subtitle": subtitle,
        "image": f"/img/banners/banner-{i}.webp",
        "image_small": f"/img/banners/banner-{i}-600.webp",
        "promotion": promo["key"],
        "link": link,
    }
    for i, (promo, subtitle, link) in enumerate(
        [
            (PROMOTIONS[0], "-50 % sur votre première commande avec le code NEW50", "/"),
            (
                PROMOTIONS[1],
                "Les mangues de l'Ouest sont arrivées : -25 %",
                "/categorie/fruits-legumes",
            ),
            (
                PROMOTIONS[2],
                "Riz, mil et fonio du Faso : 1 000 F offerts",
                "/categorie/cereales-feculents",
            ),
            (PROMOTIONS[3], "10 % sur tout le magasin avec le code SAVE10", "/"),
        ],
        start=1,
    )
]

# --------------------------------------------------------------------------- sections


def _picked(predicate: Any, limit: int = 10, stride: int = 1) -> list[str]:
    keys = [key for key, article in ARTICLES.items() if predicate(article)]
    return keys[::stride][:limit]


SECTIONS: list[Section] = [
    {
        "key": "promos-semaine",
        "title": "Promos de la semaine",
        "description": "Les meilleures réductions du moment, dans tous les rayons.",
        "display_order": 0,
        "image": "/img/sections/promos-semaine.webp",
        "active": True,
        "category": None,
        "articles": _picked(lambda a: a["original_price_xof"] is not None, 12, 6),
    },
    {
        "key": "fruits-de-saison",
        "title": "Fruits de saison",
        "description": "Mangues, agrumes et papayes cueillis à maturité.",
        "display_order": 1,
        "image": "/img/sections/fruits-de-saison.webp",
        "active": True,
        "category": None,
        "articles": [
            "mangue-amelie",
            "mangue-kent",
            "mangue-brooks",
            "oranges-douces",
            "mandarines",
            "papaye-solo",
            "pasteque",
            "ananas-pain-de-sucre",
            "goyaves",
            "bananes-douces",
        ],
    },
    {
        "key": "petit-dejeuner",
        "title": "Petit-déjeuner",
        "description": "Tout pour bien commencer la journée : pain, lait, café et douceurs.",
        "display_order": 2,
        "image": "/img/sections/petit-dejeuner.webp",
        "active": True,
        "category": None,
        "articles": [
            "baguette",
            "croissant",
            "lait-frais-pasteurise",
            "nescafe-classic",
            "milo",
            "miel-du-burkina",
            "confiture-de-mangue",
            "yaourt-nature",
            "oeufs-frais-x12",
            "the-lipton-yellow-label",
            "bouillie-de-mil-instantanee",
        ],
    },
    {
        "key": "produits-locaux",
        "title": "Produits locaux du Faso",
        "description": "Consommons burkinabè : le meilleur de nos producteurs et coopératives.",
        "display_order": 2,
        "image": None,
        "active": True,
        "category": None,
        "articles": [
            "riz-etuve-de-bagre",
            "fonio-precuit",
            "soumbala-en-boule",
            "beurre-de-karite-alimentaire",
            "jus-de-bissap",
            "jus-de-mangue-dafani",
            "mangue-sechee",
            "poulet-bicyclette-entier",
            "noix-de-cajou-grillees",
            "farine-infantile-misola",
            "savon-de-karite",
            "miel-du-burkina",
        ],
    },
    {
        "key": "boissons-fraiches",
        "title": "Boissons fraîches",
        "description": "Bissap, gingembre, jus et sodas à servir bien frais.",
        "display_order": 4,
        "image": None,
        "active": True,
        "category": None,
        "articles": [
            "jus-de-bissap",
            "jus-de-gingembre",
            "coca-cola",
            "eau-minerale-lafi",
            "malta-guinness",
            "fanta-orange",
            "jus-d-orange-dafani",
            "zoom-koom",
            "bissap-en-petite-bouteille",
            "biere-brakina",
        ],
    },
    {
        "key": "epicerie-essentielle",
        "title": "Épicerie essentielle",
        "description": "Les indispensables du placard, toujours au meilleur prix.",
        "display_order": 3,
        "image": None,
        "active": True,
        "category": None,
        "articles": [
            "huile-de-coton-raffinee-savor",
            "riz-parfume-thai",
            "sucre-en-poudre",
            "cubes-maggi-etoile",
            "tomate-concentree-gino",
            "sel-iode-fin",
            "spaghetti",
            "farine-de-ble",
            "lait-concentre-sucre",
            "sardines-a-l-huile",
            "oignons-violets-de-galmi",
        ],
    },
    {
        "key": "nouveautes",
        "title": "Nouveautés",
        "description": "Les derniers produits arrivés dans nos rayons.",
        "display_order": 6,
        "image": None,
        "active": True,
        "category": None,
        "articles": _picked(lambda a: a["is_new"], 10, 3),
    },
    {
        "key": "saison-des-mangues",
        "title": "La saison des mangues",
        "description": "Fraîches, séchées ou en jus : la mangue sous toutes ses formes.",
        "display_order": 0,
        "image": "/img/sections/saison-des-mangues.webp",
        "active": True,
        "category": "fruits-legumes",
        "articles": [
            "mangue-amelie",
            "mangue-kent",
            "mangue-brooks",
            "mangue-lippens",
            "mangue-keitt",
            "mangues-amelie-en-cagette",
            "mangue-sechee",
            "mangue-sechee-bio-grand-sachet",
        ],
    },
    {
        "key": "special-grillades",
        "title": "Spécial grillades",
        "description": "Brochettes, poulet bicyclette et poisson braisé pour vos soirées.",
        "display_order": 0,
        "image": None,
        "active": True,
        "category": "viandes-poissons",
        "articles": [
            "brochettes-de-boeuf",
            "poulet-bicyclette-entier",
            "merguez",
            "capitaine-frais",
            "cotelettes-d-agneau",
            "ailes-de-poulet",
            "tilapia-de-bagre",
            "pintade-entiere",
        ],
    },
]


def home_sections() -> list[Section]:
    """Sections of the home page (no category), sorted by ``display_order``."""
    return sorted((s for s in SECTIONS if s["category"] is None), key=lambda s: s["display_order"])


def _round_robin(columns: list[list[Article]]) -> list[str]:
    """Article keys taken in turn from each column: first of each, then second..."""
    return [col[i]["key"] for i in range(max(map(len, columns))) for col in columns if i < len(col)]


def category_sections() -> list[Section]:
    """One best-of section per level-1 category and one selection per level-2 category."""
    sections: list[Section] = []
    for level1 in CATEGORIES:
        level3s = [l3["articles"] for l2 in level1["children"] for l3 in l2["children"]]
        firsts = _round_robin(level3s)
        sections.append(
            {
                "key": f"incontournables-{level1['key']}",
                "title": f"Incontournables – {level1['name']}",
                "description": f"Les produits les plus demandés du rayon {level1['name']}.",
                "display_order": 0,
                "image": None,
                "active": True,
                "category": level1["key"],
                "articles": firsts[:12],
            }
        )
        for position, level2 in enumerate(level1["children"], start=1):
            ordered = _round_robin([l3["articles"] for l3 in level2["children"]])
            title = (
                f"Sélection {level2['name']}"
                if position % 2
                else f"Meilleures ventes – {level2['name']}"
            )
            sections.append(
                {
                    "key": f"selection-{level2['key']}",
                    "title": title,
                    "description": f"Notre sélection du moment : {level2['name'].lower()}.",
                    "display_order": position,
                    "image": None,
                    "active": True,
                    "category": level2["key"],
                    "articles": ordered[:12],
                }
            )
    return sections


def all_sections() -> list[Section]:
    """Every section: :data:`SECTIONS` followed by :func:`category_sections`."""
    return [*SECTIONS, *category_sections()]


def image_paths() -> list[str]:
    """Every picture path referenced by the demo data (relative to ``assets/``)."""
    paths: list[str] = [c["image"] for _, _, c in iter_categories()]
    paths += [a["image"] for *_, a in iter_articles()]
    for promo in PROMOTIONS:
        paths += [
            p for p in (promo["image"], promo["banner_image"], promo["banner_image_small"]) if p
        ]
    for banner in BANNERS:
        paths += [banner["image"], banner["image_small"]]
    paths += [s["image"] for s in all_sections() if s["image"]]
    return list(dict.fromkeys(paths))
