"""Passwords appear nowhere but in the answers that show them once: not in the database file (nor
its write-ahead log) and not in the server's log, even at the most detailed log level. A teacher
signs up, makes a class with pupils, a pupil signs in, someone tries a wrong password, the teacher
changes theirs and resets a pupil's; then every file in the data folder and the log is searched."""
import os
import shutil
import tempfile

from conftest import start_server
from tessera_server import Browser


def test_no_password_is_stored_or_logged_in_plain_text():
    data_dir = tempfile.mkdtemp(prefix="tessera-passwords-")
    process, port = start_server(data_dir, "--log-level", "trace")
    base = f"http://127.0.0.1:{port}"
    secrets = ["Teacher's first secret 123", "Teacher's second secret 456", "Wrong guess 789xyz"]
    try:
        teacher = Browser(base)
        assert teacher.request("POST", "/api/auth/teachers", {"name": "Ms Vault", "email": "vault@school.org", "password": secrets[0]})[0] == 201
        status, made = teacher.request("POST", "/api/classes", {"name": "Vault class"})
        assert status == 201
        status, added = teacher.request("POST", f"/api/classes/{made['id']}/pupils", {"names": ["Ada", "Bo"]})
        assert status == 201
        secrets += [pupil["password"] for pupil in added["pupils"]]
        pupil = Browser(base)
        assert pupil.request("POST", "/api/auth/login", {"classCode": made["code"], "name": "Ada", "password": added["pupils"][0]["password"]})[0] == 200
        assert Browser(base).request("POST", "/api/auth/login", {"email": "vault@school.org", "password": secrets[2]})[0] == 401
        assert teacher.request("PUT", "/api/auth/password", {"currentPassword": secrets[0], "newPassword": secrets[1]})[0] == 200
        status, reset = teacher.request("POST", f"/api/classes/{made['id']}/pupils/{added['pupils'][1]['id']}/password")
        assert status == 200
        secrets.append(reset["password"])
    finally:
        process.terminate()
        process.wait(timeout=10)
    try:
        files = [os.path.join(folder, name) for folder, _, names in os.walk(data_dir) for name in names]
        database = b"".join(open(path, "rb").read() for path in files if "sqlite" in path)
        log = open(os.path.join(data_dir, "server.log"), "rb").read()
        assert b"$2b$" in database or b"$2a$" in database or b"$2y$" in database, "the bcrypt hashes are what is kept"
        assert b"vault@school.org" in database, "sanity: the search does read the database"
        assert b"/api/auth/login" in log, "sanity: the log has every request"
        for secret in secrets:
            for path in files:
                assert secret.encode() not in open(path, "rb").read(), f"a password is in {os.path.basename(path)}"
            assert secret.encode() not in log, "a password is in the server's log"
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
