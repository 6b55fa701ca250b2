"""The demo fruits are drawn as themselves (issue 19: the mango was drawn as an orange): each
fruit has its own drawing, a mango is an oblong fruit blushing from green to red, and the
committed pictures are those drawings."""

from __future__ import annotations

import colorsys
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from grocer.seed import demo_data as d
from grocer.seed import images, produce

ASSETS = Path(__file__).resolve().parents[2] / "assets"
CANVAS = 400
BACKGROUND = (255, 0, 255)  # a colour no drawing uses

EXPECTED_SHAPE = {
    "mangue-amelie": "mango",
    "mangue-kent": "mango",
    "mangue-brooks": "mango",
    "mangue-lippens": "mango",
    "mangue-keitt": "mango",
    "oranges-douces": "citrus",
    "citrons-verts": "citrus",
    "mandarines": "citrus",
    "pamplemousse": "citrus",
    "bananes-douces": "banana",
    "bananes-plantain": "banana",
    "papaye-solo": "papaya",
    "grosse-papaye": "papaya",
    "pasteque": "watermelon",
    "ananas-pain-de-sucre": "pineapple",
    "noix-de-coco": "coconut",
    "pain-de-singe": "pod",
    "tomates-fraiches": "tomato",
    "oignons-violets-de-galmi": "bulb",
    "ail": "bulb",
    "chou-pomme": "cabbage",
    "poivrons-verts": "pepper",
}


def _drawn(shape: str, colour: str) -> Image.Image:
    img = Image.new("RGB", (CANVAS, CANVAS), BACKGROUND)
    images.draw_art(
        ImageDraw.Draw(img), (shape, colour), CANVAS / 2, CANVAS / 2, CANVAS * 0.3, (0, 0, 0)
    )
    return img


def _figure(img: Image.Image) -> dict[tuple[int, int], tuple[int, int, int]]:
    """The drawn pixels (everything that is not the background), by position."""
    grid = img.load()
    return {
        (x, y): grid[x, y]
        for y in range(img.height)
        for x in range(img.width)
        if grid[x, y] != BACKGROUND
    }


def _silhouette(img: Image.Image) -> list[tuple[int, int]]:
    return list(_figure(img))


def _hue(rgb: tuple[int, int, int]) -> float:
    return colorsys.rgb_to_hsv(*(v / 255 for v in rgb))[0] * 360


def _elongation(points: list[tuple[int, int]]) -> float:
    """Length over width of the figure (square root of the ratio of its principal moments)."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points) / n
    syy = sum((y - my) ** 2 for _, y in points) / n
    sxy = sum((x - mx) * (y - my) for x, y in points) / n
    half_trace, det = (sxx + syy) / 2, sxx * syy - sxy * sxy
    root = (half_trace**2 - det) ** 0.5
    return ((half_trace + root) / (half_trace - root)) ** 0.5


def test_each_demo_fruit_and_vegetable_has_its_own_drawing() -> None:
    list(d.iter_articles())  # fills ARTICLE_ART
    drawn_as = {key: d.ARTICLE_ART[key][0] for key in EXPECTED_SHAPE}
    assert drawn_as == EXPECTED_SHAPE
    for shape in set(EXPECTED_SHAPE.values()):
        assert images.SHAPES[shape] is produce.PRODUCE_SHAPES[shape]
    assert images.SHAPES["mango"] is produce.shape_mango
    assert produce.shape_mango is not produce.shape_citrus
    assert d.CATEGORY_ART["mangues"][0] == "mango"


def test_a_mango_is_oblong_where_the_round_fruit_is_round() -> None:
    mango = _elongation(_silhouette(_drawn("mango", "#f9a825")))
    round_fruit = _elongation(_silhouette(_drawn("fruit", "#f9a825")))
    assert mango > 1.35, mango
    assert round_fruit < 1.15, round_fruit


def test_a_mango_blushes_from_green_to_red() -> None:
    pixels = list(_figure(_drawn("mango", "#f9a825")).values())
    greenish = sum(1 for px in pixels if 55 <= _hue(px) <= 120)  # green-yellow to green
    reddish = sum(1 for px in pixels if _hue(px) <= 20)  # red to red-orange
    assert greenish > len(pixels) * 0.05
    assert reddish > len(pixels) * 0.05


@pytest.mark.parametrize(
    "key", ["mangue-amelie", "pasteque", "ananas-pain-de-sucre", "papaye-solo"]
)
def test_the_committed_picture_is_the_fruit_drawing(key: str) -> None:
    """The webp under assets/ was regenerated: it matches its drawing, not the old round one."""
    list(d.iter_articles())
    art = d.ARTICLE_ART[key]
    article = next(a for _, _, _, a in d.iter_articles() if a["key"] == key)
    palette = images.PALETTE["fruits-legumes"]
    size = (images.PRODUCT_SIZE, images.PRODUCT_SIZE)

    def drawing(shape: str) -> Image.Image:
        img = images.product_image(article["name"], (shape, art[1]), palette)
        return img.resize(size, Image.Resampling.LANCZOS)

    committed = Image.open(ASSETS / article["image"].lstrip("/")).convert("RGB")
    now = sum(ImageStat.Stat(ImageChops.difference(committed, drawing(art[0]))).mean)
    old = sum(ImageStat.Stat(ImageChops.difference(committed, drawing("fruit"))).mean)
    assert now < 8, now  # what lossy WebP changes
    assert old > now * 2, (old, now)
