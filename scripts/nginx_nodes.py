#!/usr/bin/env python3
"""Several `tessera serve` nodes on one database behind nginx (deploy/nginx/tessera.conf).

Starts N nodes on loopback port 0 (scripts/tessera_server.py reads each node's address from its
own log), all with the same `--database` URL and the same TESSERA_MAZE_SECRET, renders the nginx
configuration with their ports into a temporary folder (the prefix: config, pid, logs, temp
files), starts nginx as a foreground child and prints the balancer's URL. SIGTERM, SIGINT or the
end of the `with` block stops nginx and every node and removes the folder. Standard library only.

Command line:

  scripts/nginx_nodes.py [--nodes 2] [--database postgres://…] [--binary path/to/tessera]
                         [--maze-secret S] [--port P] [-- extra serve options…]

  prints `balancer http://127.0.0.1:PORT`, then `node http://127.0.0.1:PORT` per node, and
  runs until stopped. --database defaults to $TESSERA_DATABASE_URL; without one every node keeps
  its own SQLite file (fine for trying nginx, not a consistent cluster: a warning says so).

From Python (pytest):

  import nginx_nodes
  with nginx_nodes.start(binary, 2, database_url) as cluster:
      cluster.url, cluster.node_urls, cluster.access_log_lines()
"""
import argparse
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TEMPLATE = os.path.join(ROOT, "deploy", "nginx", "tessera.conf")
sys.path.insert(0, HERE)
import tessera_server  # noqa: E402  (scripts/ is not a package)


def nginx_binary():
    """nginx from PATH, else where Debian's package puts it; None when not installed."""
    found = shutil.which("nginx")
    if found:
        return found
    return "/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None


def render(template_text, node_ports, listen_port):
    """The template with its upstream's `server 127.0.0.1:…;` lines replaced by one per node and
    every `listen 127.0.0.1:…` moved to LISTEN_PORT."""
    lines = template_text.splitlines(keepends=True)
    out, replaced = [], False
    for line in lines:
        match = re.match(r"^(\s*)server 127\.0\.0\.1:\d+;", line)
        if match:
            if not replaced:
                out.extend(f"{match.group(1)}server 127.0.0.1:{port};\n" for port in node_ports)
                replaced = True
            continue
        out.append(re.sub(r"listen 127\.0\.0\.1:\d+", f"listen 127.0.0.1:{listen_port}", line))
    if not replaced:
        raise ValueError("the nginx template has no `server 127.0.0.1:PORT;` upstream lines")
    return "".join(out)


def _free_port():
    # nginx cannot listen on port 0 and report it, so take one the kernel hands out; start()
    # retries with another if something takes it before nginx binds it.
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _stop(process, seconds=10):
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class Cluster:
    """Nodes and nginx; stop() (or leaving the `with` block) ends them and removes the folder."""

    def __init__(self, folder):
        self.folder = folder
        self.nodes = []  # (process, base URL, data folder)
        self.nginx = None
        self.url = None
        self.config_path = os.path.join(folder, "nginx.conf")
        self.access_log = os.path.join(folder, "logs", "access.log")
        self.error_log = os.path.join(folder, "logs", "error.log")

    @property
    def node_urls(self):
        return [url for _, url, _ in self.nodes]

    def node_logs(self):
        return [os.path.join(data, "server.log") for _, _, data in self.nodes]

    def access_log_lines(self):
        try:
            with open(self.access_log, encoding="utf-8", errors="replace") as log:
                return log.read().splitlines()
        except FileNotFoundError:
            return []

    def stop(self):
        _stop(self.nginx)
        self.nginx = None
        for process, _, _ in self.nodes:
            _stop(process)
        self.nodes = []
        if os.environ.get("TESSERA_KEEP_NGINX_FOLDER"):
            print(f"kept {self.folder}", file=sys.stderr)
        else:
            shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def start(binary, nodes=2, database_url=None, maze_secret=None, listen_port=None, extra_args=(),
          template=TEMPLATE, nginx=None):
    """Starts NODES nodes on DATABASE_URL with one maze secret (random unless given) behind nginx
    rendered from TEMPLATE; returns a started Cluster. Raises (after stopping what it started)
    when a node or nginx does not come up."""
    nginx = nginx or nginx_binary()
    if not nginx:
        raise RuntimeError("nginx is not installed (apt-get install nginx)")
    binary = os.path.abspath(binary)  # the nodes run in the temporary folder
    folder = tempfile.mkdtemp(prefix="tessera-nginx-")
    # nginx's workers run as an unprivileged user when it is started as root; they write temp
    # files (large request bodies) under the prefix, so the prefix must be reachable.
    os.chmod(folder, 0o755)
    for sub in ("logs", "temp"):
        os.makedirs(os.path.join(folder, sub))
    cluster = Cluster(folder)
    env = {"TESSERA_MAZE_SECRET": maze_secret or secrets.token_hex(32)}
    # nginx on loopback forwards each client's address (X-Forwarded-For): believed from it only, so
    # every client behind it gets its own limits, as the README's deployment does.
    args = ["--trusted-proxy", "127.0.0.1", *extra_args]
    if database_url:
        args = ["--database", database_url, *args]
    try:
        for index in range(nodes):
            data = os.path.join(folder, f"node{index + 1}")
            os.makedirs(data)
            process, url = tessera_server.start(binary, data, *args, cwd=folder, env=env)
            cluster.nodes.append((process, url, data))
        with open(template, encoding="utf-8") as file:
            template_text = file.read()
        ports = [int(url.rsplit(":", 1)[1]) for url in cluster.node_urls]
        for attempt in range(5):
            port = listen_port or _free_port()
            with open(cluster.config_path, "w", encoding="utf-8") as file:
                file.write(render(template_text, ports, port))
            stderr_path = os.path.join(folder, "logs", "nginx.stderr")
            with open(stderr_path, "w") as stderr:
                cluster.nginx = subprocess.Popen(
                    [nginx, "-p", folder, "-c", cluster.config_path, "-e", "stderr", "-g", "daemon off;"],
                    stdout=stderr, stderr=subprocess.STDOUT)
            if _wait_for_balancer(cluster, f"http://127.0.0.1:{port}"):
                cluster.url = f"http://127.0.0.1:{port}"
                return cluster
            _stop(cluster.nginx)
            with open(stderr_path, encoding="utf-8", errors="replace") as file:
                message = file.read()
            if "Address already in use" not in message or listen_port:
                raise RuntimeError("nginx did not start:\n" + message[-4000:])
        raise RuntimeError("nginx found no free port in 5 attempts")
    except BaseException:
        cluster.stop()
        raise


def _wait_for_balancer(cluster, url, seconds=15):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if cluster.nginx.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(url + "/health", timeout=2) as response:
                if response.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(0.05)
    return False


def _default_binary():
    bin_dir = subprocess.check_output(["swift", "build", "--show-bin-path"], cwd=ROOT, text=True).strip()
    return os.path.join(bin_dir, "tessera")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=2)
    parser.add_argument("--database", default=os.environ.get("TESSERA_DATABASE_URL"),
                        help="postgres://… for every node (default: $TESSERA_DATABASE_URL)")
    parser.add_argument("--binary", default=os.environ.get("TESSERA_BIN"), help="tessera (default: swift's build folder)")
    parser.add_argument("--maze-secret", default=os.environ.get("TESSERA_MAZE_SECRET"),
                        help="shared by every node (default: $TESSERA_MAZE_SECRET, else a random one)")
    parser.add_argument("--port", type=int, help="the balancer's port (default: a free one)")
    parser.add_argument("serve_args", nargs="*", help="more `tessera serve` options, after --")
    options = parser.parse_args(argv)
    if not options.database:
        print("warning: no --database: every node keeps its own SQLite file (not one consistent cluster)",
              file=sys.stderr)
    cluster = start(options.binary or _default_binary(), options.nodes, options.database, options.maze_secret,
                    options.port, options.serve_args)
    stopping = []

    def on_signal(signum, _frame):
        stopping.append(signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        print(f"balancer {cluster.url}", flush=True)
        for url in cluster.node_urls:
            print(f"node {url}", flush=True)
        print(f"nginx config {cluster.config_path}, access log {cluster.access_log}", flush=True)
        while not stopping:
            if cluster.nginx.poll() is not None:
                print("nginx stopped", file=sys.stderr)
                return 1
            dead = [url for process, url, _ in cluster.nodes if process.poll() is not None]
            if dead:
                print(f"node stopped: {', '.join(dead)}", file=sys.stderr)
                return 1
            time.sleep(0.2)
        return 0
    finally:
        cluster.stop()


if __name__ == "__main__":
    sys.exit(main())
