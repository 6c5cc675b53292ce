"""The TOML loader names file, record and field in every error."""

import pytest

from grognard import DataError
from grognard.core.data import Record, check_provenance, check_ref, load_records


class Zone(Record):
    mp: int
    port: bool = False


def write(tmp_path, text):
    p = tmp_path / "map.toml"
    p.write_text(text)
    return p


def test_loads_records_in_file_order(tmp_path):
    p = write(tmp_path, '[[zone]]\nid = "b"\nsrc = "rules 12"\nmp = 1\n[[zone]]\nid = "a"\nsrc = "x"\nmp = 2\n')
    zones = load_records(p, "zone", Zone)
    assert list(zones) == ["b", "a"] and zones["a"].mp == 2


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ('id = "paris"\nsrc = "x"\n', "record 'zone paris', field 'mp': Object missing required field `mp`"),
        ('id = "paris"\nsrc = "x"\nmp = "two"\n', "record 'zone paris', field 'mp': Expected `int`, got `str`"),
        ('id = "paris"\nsrc = "x"\nmp = 1\ncolour = 1\n', "field 'colour': Object contains unknown field"),
        ('src = "x"\nmp = 1\n', "record 'zone #1', field 'id'"),
    ],
)
def test_errors_name_file_record_and_field(tmp_path, body, needle):
    p = write(tmp_path, "[[zone]]\n" + body)
    with pytest.raises(DataError) as exc:
        load_records(p, "zone", Zone)
    assert str(exc.value).startswith(str(p)) and needle in str(exc.value)


def test_duplicates_syntax_and_missing_files(tmp_path):
    p = write(tmp_path, '[[zone]]\nid = "a"\nsrc = "x"\nmp = 1\n[[zone]]\nid = "a"\nsrc = "x"\nmp = 1\n')
    with pytest.raises(DataError, match="duplicate id 'a'"):
        load_records(p, "zone", Zone)
    with pytest.raises(DataError, match="TOML syntax error"):
        load_records(write(tmp_path, "[[zone]\n"), "zone", Zone)
    with pytest.raises(DataError, match="file not found"):
        load_records(tmp_path / "none.toml", "zone", Zone)
    with pytest.raises(DataError, match=r"no \[\[zone\]\] records"):
        load_records(write(tmp_path, "x = 1\n"), "zone", Zone)


def test_references_and_provenance():
    with pytest.raises(DataError, match="record 'unit fr_i', field 'zone': unknown zone 'atlantis'"):
        check_ref("atlantis", {"paris": 1}, "units.toml", "unit fr_i", "zone", "zone")
    with pytest.raises(DataError, match="must say why"):
        check_provenance("reconstructed", "map.toml", "zone x")
    check_provenance("reconstructed: the Rhine has no bridge at Kehl before 1805", "map.toml", "zone x")
