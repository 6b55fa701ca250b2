"""The back-office pictures' conversion (grocer.services.admin.pictures), without a database: a
phone's sideways JPEG comes out upright; transparency becomes white; an article's picture is
fitted whole on white while the others are cropped to fill; every size of a kind is WebP of its
exact size; files are written whole under their final name or not at all. Also where they are
served: the /media/ route's names, the body limit of the upload paths only, nginx's location."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from grocer.api.body_limit import MAX_BODY_BYTES, PICTURE_BODY_BYTES, limit_for
from grocer.api.media import NAME
from grocer.scaled import site_config
from grocer.services.admin import pictures
from grocer.services.errors import ValidationFailed

RED, BLUE, WHITE = (220, 20, 20), (20, 20, 220), (255, 255, 255)


def encoded(img: Image.Image, fmt: str, **save: object) -> bytes:
    out = io.BytesIO()
    img.save(out, fmt, **save)
    return out.getvalue()


def near(pixel: tuple[int, ...], colour: tuple[int, int, int], slack: int = 40) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(pixel[:3], colour, strict=True))


def decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def test_a_sideways_phone_picture_comes_out_upright() -> None:
    # stored 200 wide × 100 high, red on the left; EXIF 6: turn 90° clockwise to show it
    img = Image.new("RGB", (200, 100), BLUE)
    img.paste(RED, (0, 0, 100, 100))
    exif = Image.Exif()
    exif[0x0112] = 6
    picture = pictures.read_picture("photo.jpg", encoded(img, "JPEG", exif=exif))
    upright = pictures.flattened(picture)
    assert upright.size == (100, 200)
    assert near(upright.getpixel((50, 20)), RED)  # the left half is now on top
    assert near(upright.getpixel((50, 180)), BLUE)


def test_transparency_becomes_white_and_an_article_is_fitted_whole() -> None:
    img = Image.new("RGBA", (400, 200), (0, 0, 0, 0))
    img.paste((*RED, 255), (100, 0, 300, 200))
    picture = pictures.read_picture("a.png", encoded(img, "PNG"))
    (main, _), (large, _) = [
        (decoded(data), suffix) for suffix, data in pictures.convert(picture, "article")
    ]
    assert (main.format, main.size, large.size) == ("WEBP", (400, 400), (600, 600))
    assert near(main.getpixel((200, 20)), WHITE)  # padding above the wide picture
    assert near(main.getpixel((10, 200)), WHITE)  # transparent left part
    assert near(main.getpixel((200, 200)), RED)


def test_the_other_kinds_are_cropped_to_fill_every_size_they_are_drawn_at() -> None:
    img = Image.new("RGB", (1000, 300), RED)  # much wider than any frame
    picture = pictures.read_picture("bandeau.jpg", encoded(img, "JPEG"))
    for kind, sizes in (
        ("category", [(200, 200)]),
        ("section", [(600, 600)]),
        ("promotion", [(600, 400), (1200, 400), (600, 300)]),
    ):
        made = [decoded(data) for _, data in pictures.convert(picture, kind)]  # type: ignore[arg-type]
        assert [m.size for m in made] == sizes
        assert all(m.format == "WEBP" for m in made)
        for m in made:  # no white band: the picture fills the frame
            assert near(m.getpixel((m.width // 2, 1)), RED)
            assert near(m.getpixel((1, m.height // 2)), RED)


def test_palette_cmyk_and_grey_pictures_are_converted() -> None:
    for img, fmt, name in (
        (Image.new("P", (50, 50), 3), "PNG", "p.png"),
        (Image.new("CMYK", (50, 50), (0, 255, 255, 0)), "JPEG", "c.jpeg"),
        (Image.new("L", (50, 50), 128), "WEBP", "g.webp"),
        (Image.new("I;16", (50, 50), 3000), "PNG", "i.png"),
    ):
        picture = pictures.read_picture(name, encoded(img, fmt))
        for _, data in pictures.convert(picture, "category"):
            assert decoded(data).mode == "RGB"


def test_a_camera_jpeg_with_a_second_picture_is_a_jpeg() -> None:
    first, second = Image.new("RGB", (120, 80), RED), Image.new("RGB", (60, 40), BLUE)
    data = encoded(first, "MPO", save_all=True, append_images=[second])
    picture = pictures.read_picture("camera.JPG", data)
    assert picture.format == "MPO"
    (_, main), *_ = pictures.convert(picture, "article")
    assert near(decoded(main).getpixel((200, 200)), RED)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "Choisissez une image JPEG, PNG ou WebP"),
        (None, "Choisissez une image JPEG, PNG ou WebP"),
        ("photo", "Choisissez une image JPEG, PNG ou WebP"),
        ("photo.jpg.exe", "Choisissez une image JPEG, PNG ou WebP"),
        ("photo.svg", "Choisissez une image JPEG, PNG ou WebP"),
    ],
)
def test_a_name_without_a_pictures_extension_is_refused(name: object, message: str) -> None:
    data = encoded(Image.new("RGB", (10, 10)), "PNG")
    with pytest.raises(ValidationFailed) as refused:
        pictures.read_picture(name, data)
    assert message in refused.value.message and refused.value.field == "file"


def test_an_svg_or_a_bmp_named_as_a_picture_is_not_one() -> None:
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    bmp = encoded(Image.new("RGB", (10, 10)), "BMP")
    for name, data in (("x.png", svg), ("x.jpg", bmp), ("x.webp", b"RIFF\x00\x00\x00\x00WEBP")):
        with pytest.raises(ValidationFailed, match="n'est pas une image"):
            pictures.read_picture(name, data)


def test_a_decompression_bomb_is_refused_before_it_is_decoded() -> None:
    bomb = encoded(Image.new("1", (20_000, 20_000)), "PNG")  # 400 million pixels, a few kB
    assert len(bomb) < 200_000
    with pytest.raises(ValidationFailed, match="40 millions de pixels au plus"):
        pictures.read_picture("bombe.png", bomb)


def test_files_are_written_whole_and_an_existing_one_is_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "article"
    new = pictures.write_files(folder, [("a.webp", b"one"), ("a-600.webp", b"two")])
    assert [p.name for p in new] == ["a.webp", "a-600.webp"]
    again = pictures.write_files(folder, [("a.webp", b"one"), ("b.webp", b"three")])
    assert [p.name for p in again] == ["b.webp"]  # a.webp was there: not "new"
    assert sorted(p.name for p in folder.iterdir()) == ["a-600.webp", "a.webp", "b.webp"]
    assert (folder / "a.webp").stat().st_mode & 0o777 == 0o644


def test_a_failed_write_leaves_nothing_behind(tmp_path: Path) -> None:
    folder = tmp_path / "article"
    with pytest.raises(TypeError):  # the second file's content cannot be written
        pictures.write_files(folder, [("a.webp", b"ok"), ("b.webp", object())])  # type: ignore[list-item]
    assert list(folder.iterdir()) == []  # a.webp removed again, no temporary file left


def test_only_the_upload_paths_take_a_pictures_body() -> None:
    for path in (
        "/_upload",
        "/api/v1/admin/articles/3/picture",
        "/api/v1/admin/promotions/12/picture",
    ):
        assert limit_for(path, MAX_BODY_BYTES)[0] == PICTURE_BODY_BYTES > pictures.MAX_BYTES
    for path in ("/api/v1/admin/articles/3", "/api/v1/cart", "/_upload/x", "/_event"):
        limit, body = limit_for(path, MAX_BODY_BYTES)
        assert limit == MAX_BODY_BYTES and b"1 Mo" in body


def test_the_media_route_takes_stored_names_only() -> None:
    assert NAME.match("0123456789abcdef01234567.webp")
    assert NAME.match("0123456789abcdef01234567-banner-600.webp")
    for name in ("../x.webp", "0123456789abcdef01234567.png", "abc.webp", ".upload-1.tmp"):
        assert not NAME.match(name)


def test_nginx_serves_the_media_folder(tmp_path: Path) -> None:
    site = site_config("127.0.0.1:3000", [8001], tmp_path / "client", tmp_path / "media")
    assert f"alias {(tmp_path / 'media').resolve()}/;" in site
    assert "location /media/ {" in site
