"""Scores the spans a held turn offered, offline, to compare ways of choosing among them.

    score_spans.py proxy PORT UPSTREAM LOG      # a logging proxy in front of a llama.cpp server
    score_spans.py score LOG BFCL_HOME URL      # score every held turn LOG kept

`proxy` forwards every request to UPSTREAM and appends {"path", "body", "response"} to LOG, so
a run of eval_bfcl through it (LOCAL_LLM_URL=http://127.0.0.1:PORT) keeps each prompt and the
json_schema it was held to. `score` finds the held turns (a string argument held to an enum of
three or more options, each a span of the question), scores each option where the model wrote
the value (its log probability after the call so far, and after the prompt with the question
replaced by N/A) on the server at URL, and counts, over the held values whose options hold a
right one (BFCL's possible answers), how often each way of choosing picks a right one. The raw
scores go to LOG.scores.jsonl.
"""
import glob
import http.server
import json
import re
import sys
import urllib.error
import urllib.request


def proxy(port, upstream, log_path):
    log = open(log_path, "a")

    class Handler(http.server.BaseHTTPRequestHandler):
        def forward(self, method):
            n = int(self.headers.get("Content-Length", 0))
            data = self.rfile.read(n) if n else None
            req = urllib.request.Request(upstream + self.path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(req, timeout=600) as r:
                    body, code = r.read(), r.status
            except urllib.error.HTTPError as e:
                body, code = e.read(), e.code
            if data:
                log.write(json.dumps({"path": self.path, "body": json.loads(data),
                                      "response": json.loads(body or b"null")}) + "\n")
                log.flush()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self):
            self.forward("POST")

        def do_GET(self):
            self.forward("GET")

        def log_message(self, *args):
            pass

    http.server.ThreadingHTTPServer(("127.0.0.1", int(port)), Handler).serve_forever()


def log_prob(url, prompt, forced):
    """The log probability of `forced` after `prompt`, and its tokens; None if not held to it."""
    body = {"prompt": prompt, "max_tokens": 48, "temperature": 0.0, "logprobs": 1,
            "grammar": "root ::= " + json.dumps(forced)}
    req = urllib.request.Request(url + "/v1/completions", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    choice = json.load(urllib.request.urlopen(req))["choices"][0]
    if choice["text"] != forced:
        return None
    lp = choice["logprobs"]
    values = [t["logprob"] for t in lp["content"]] if lp.get("content") else lp["token_logprobs"]
    return sum(values), len(values)


def held_enums(schema, name=""):
    if isinstance(schema, dict):
        options = schema.get("enum")
        if isinstance(options, list) and len(options) >= 3 and all(isinstance(o, str) for o in options):
            yield name, options
        for key, value in schema.items():
            if key == "properties" and isinstance(value, dict):
                for prop, sub in value.items():
                    yield from held_enums(sub, prop)
            elif key != "enum" and isinstance(value, (dict, list)):
                yield from held_enums(value, name)
    elif isinstance(schema, list):
        for sub in schema:
            yield from held_enums(sub, name)


def norm(x):
    return re.sub(r"[\s.,;:!?'\"]+", " ", str(x).lower()).strip()


CHOICES = {
    "log probability": lambda s: s["lp"],
    "per token": lambda s: s["lp"] / s["tokens"],
    "less N/A": lambda s: s["lp"] - s["prior"],
    "less N/A, per token": lambda s: (s["lp"] - s["prior"]) / s["tokens"],
    "less N/A, per word": lambda s: (s["lp"] - s["prior"]) / len(s["option"].split()),
}


def score(log_path, home, url):
    truth, questions = {}, {}
    for f in glob.glob(home + "/data/possible_answer/*.json"):
        for line in open(f):
            r = json.loads(line)
            truth[r["id"]] = r["ground_truth"]
    for f in glob.glob(home + "/data/*.json"):
        for line in open(f):
            r = json.loads(line)
            questions[r["question"][0][-1]["content"]] = r["id"]

    def right(qid, arg, value):
        for call in truth.get(qid, []):
            for args in call.values():
                if arg in args:
                    return any(norm(value) == norm(a) for a in args[arg] if isinstance(a, str))
        return False

    out = open(log_path + ".scores.jsonl", "w")
    counts = {"greedy": 0, **{k: 0 for k in CHOICES}}
    held = 0
    for line in open(log_path):
        r = json.loads(line)
        body = r["body"]
        if "json_schema" not in body or not body.get("prompt"):
            continue
        user = next((q for q in questions if q in body["prompt"]), None)
        if user is None:
            continue
        qid = questions[user]
        generated = r["response"]["choices"][0]["text"]
        for arg, options in held_enums(body["json_schema"]):
            if not all(o in user for o in options):
                continue
            m = re.search(r'"%s"\s*:\s*"' % re.escape(arg), generated)
            if not m:
                continue
            written = generated[m.end():].split('"')[0]
            before = body["prompt"] + generated[:m.end()]
            free = before.replace(user, "N/A")
            # Every option under one prompt, then under the other: the server caches one prompt.
            here = [log_prob(url, before, json.dumps(o)[1:]) for o in options]
            there = [log_prob(url, free, json.dumps(o)[1:]) for o in options]
            scores = [{"option": o, "lp": a[0], "tokens": a[1], "prior": f[0]}
                      for o, a, f in zip(options, here, there) if a and f]
            if not any(right(qid, arg, s["option"]) for s in scores):
                continue
            held += 1
            picks = {"greedy": written}
            for name, key in CHOICES.items():
                picks[name] = max(scores, key=key)["option"]
            for name, pick in picks.items():
                counts[name] += right(qid, arg, pick)
            out.write(json.dumps({"id": qid, "argument": arg, "picks": picks, "scores": scores}) + "\n")
            print(qid, arg, picks, flush=True)
    print(f"\n{held} held values offer a right span")
    for name, n in counts.items():
        print(f"{name}: {n} right")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "proxy":
        proxy(*sys.argv[2:])
    elif len(sys.argv) == 5 and sys.argv[1] == "score":
        score(*sys.argv[2:])
    else:
        sys.exit(__doc__)
