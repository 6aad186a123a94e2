"""wss://: a real ``lasvegas serve --tls-cert/--tls-key`` on 127.0.0.1 with a test CA's certificate;
bots trust that CA through SSL_CERT_FILE and play a game to the end over TLS."""

import pytest

trustme = pytest.importorskip("trustme")


@pytest.fixture
def tls_files(tmp_path):
    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1", "localhost")
    chain, key, ca_file = tmp_path / "cert.pem", tmp_path / "key.pem", tmp_path / "ca.pem"
    cert.private_key_pem.write_to_path(str(key))
    chain.write_bytes(b"".join(blob.bytes() for blob in cert.cert_chain_pems))
    ca.cert_pem.write_to_path(str(ca_file))
    return chain, key, ca_file


def test_bots_play_a_whole_game_over_wss_trusting_the_test_ca(server_factory, bots, tls_files, tmp_path):
    chain, key, ca_file = tls_files
    server = server_factory("--tls-cert", str(chain), "--tls-key", str(key))
    assert server.url.startswith("wss://127.0.0.1:")
    env = {"SSL_CERT_FILE": str(ca_file)}
    records = tmp_path / "records"
    host = bots.start("--server", server.url, "--new-room", "--players", "2", "--rounds", "1", "--level", "easy",
                      "--seed", "1", "--record-dir", str(records), "--timeout", "60", env=env)
    from .conftest import read_line

    code = read_line(host, 30).strip()
    assert len(code) >= 4, code
    bots.start("--server", server.url, "--room", code, "--level", "easy", "--seed", "2",
               "--record-dir", str(records), "--timeout", "60", env=env)
    results = bots.finish(90)
    assert all(r[0] == 0 for r in results), results
    written = sorted(records.glob("*.json"))
    assert written, results
    assert "Traceback" not in server.log()


@pytest.mark.parametrize("game", ["lasvegas", "lords"])
def test_a_client_that_does_not_trust_the_certificate_is_refused(server_factory, bots, tls_files, game):
    chain, key, _ca = tls_files
    server = server_factory("--tls-cert", str(chain), "--tls-key", str(key))
    bots.start("--game", game, "--server", server.url, "--new-room", "--players", "2", "--timeout", "5")
    rc, out, err = bots.finish(60)[0]
    assert rc != 0, (out, err)
    assert "certificate is not trusted" in err, err
