#!/usr/bin/env python3
"""An independent reading of a recorded model stream (no code shared with the Rust providers).

    read.py STREAM.sse [--protocol openai|anthropic]      print what a careful client assembles
    read.py --write DIR                                   write NAME.expected.json next to each NAME.sse

The protocol is read from the stream itself (Anthropic streams open with `message_start`).
Output (JSON): text, reasoning, tool_calls [{id, name, arguments}], usage {input, output,
cached}, stop (end_turn | tool_use | length | refusal | content_filter | other:RAW | null),
error (the error object a stream carried, or null), complete (the stream reached its end
marker: `[DONE]` / a finish reason, or `message_stop`).

Conventions (the ones loopwright's session log uses, so both can be compared):
- usage.input counts every prompt token: OpenAI `prompt_tokens`; Anthropic `input_tokens` +
  `cache_read_input_tokens` + `cache_creation_input_tokens`; cached = tokens read from cache.
- Anthropic text blocks are paragraphs: non-empty blocks are joined with a blank line.
- tool-call arguments are the parsed JSON object (`{}` when none were sent), or the raw string
  when it does not parse.
"""
import json
import os
import sys


def sse_events(raw):
    """(event, data) pairs of a text/event-stream body, per the WHATWG rules we need."""
    event, data = None, []
    for line in raw.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line == "":
            if data:
                yield event, "\n".join(data)
            event, data = None, []
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(":")
        if value.startswith(" "):
            value = value[1:]
        if field == "event":
            event = value
        elif field == "data":
            data.append(value)
    if data:
        yield event, "\n".join(data)


STOPS = {
    "stop": "end_turn", "end_turn": "end_turn", "stop_sequence": "end_turn", "eos": "end_turn",
    "tool_calls": "tool_use", "tool_use": "tool_use", "function_call": "tool_use",
    "length": "length", "max_tokens": "length", "model_length": "length",
    "refusal": "refusal", "content_filter": "content_filter", "safety": "content_filter",
}


def stop_name(raw):
    if raw is None:
        return None
    return STOPS.get(raw, "other:" + raw)


def parse_args(raw):
    if raw is None or raw.strip() == "":
        return {}
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def parts_text(content):
    """(text, reasoning) of a `content` value: a string or a list of typed parts."""
    if isinstance(content, str):
        return content, ""
    text, reasoning = [], []
    for p in content if isinstance(content, list) else []:
        if isinstance(p, str):
            text.append(p)
        elif isinstance(p, dict):
            kind = p.get("type", "text")
            if kind == "text" and isinstance(p.get("text"), str):
                text.append(p["text"])
            elif kind == "thinking":
                t, _ = parts_text(p.get("thinking"))
                reasoning.append(t)
    return "".join(text), "".join(reasoning)


def read_openai(raw):
    text, reasoning, refusal = [], [], []
    calls = []  # dicts with id, name, args (list), index
    usage, timings, finish, error, done = None, None, None, None, False
    for _, data in sse_events(raw):
        if data.strip() == "[DONE]":
            done = True
            break
        try:
            chunk = json.loads(data)
        except ValueError:
            error = error or {"message": "malformed chunk: " + data[:80]}
            continue
        if not isinstance(chunk, dict):
            continue
        if chunk.get("error"):
            error = chunk["error"]
            continue
        if isinstance(chunk.get("usage"), dict):
            usage = chunk["usage"]
        elif isinstance((chunk.get("x_groq") or {}).get("usage"), dict):
            usage = chunk["x_groq"]["usage"]  # Groq's older place for usage
        if isinstance(chunk.get("timings"), dict):
            timings = chunk["timings"]
        for choice in chunk.get("choices") or []:
            if choice.get("index", 0) != 0:
                continue
            delta = choice.get("delta") or {}
            for key in ("reasoning_content", "reasoning"):
                if isinstance(delta.get(key), str) and delta[key]:
                    reasoning.append(delta[key])
                    break
            t, r = parts_text(delta.get("content"))
            text.append(t)
            reasoning.append(r)
            if delta.get("refusal"):
                refusal.append(parts_text(delta["refusal"])[0])
            for pos, tc in enumerate(delta.get("tool_calls") or []):
                fn = tc.get("function") or {}
                idx = tc.get("index", pos)
                slot = next((c for c in reversed(calls) if c["index"] == idx), None)
                if slot is not None and tc.get("id") and slot["id"] and tc["id"] != slot["id"]:
                    slot = None  # a new id at the same index is a new call
                if slot is None:
                    slot = {"index": idx, "id": None, "name": "", "args": []}
                    calls.append(slot)
                if tc.get("id") and not slot["id"]:
                    slot["id"] = tc["id"]
                name = fn.get("name")
                if name:
                    if not slot["name"] or name.startswith(slot["name"]):
                        slot["name"] = name  # resent whole, or growing
                    else:
                        slot["name"] += name
                args = fn.get("arguments")
                if isinstance(args, str):
                    slot["args"].append(args)
                elif isinstance(args, dict):
                    slot["args"] = [json.dumps(args)]
            if choice.get("finish_reason"):
                finish = choice["finish_reason"]
    u = {"input": 0, "output": 0, "cached": 0}
    if usage is not None:
        details = usage.get("prompt_tokens_details") or {}
        cached = details.get("cached_tokens")
        if cached is None:
            cached = usage.get("prompt_cache_hit_tokens", 0)
        u = {"input": usage.get("prompt_tokens") or 0, "output": usage.get("completion_tokens") or 0,
             "cached": cached or 0}
    elif timings is not None and "prompt_n" in timings:
        cache_n = timings.get("cache_n", 0)
        u = {"input": timings["prompt_n"] + cache_n, "output": timings.get("predicted_n", 0),
             "cached": cache_n}
    stop = stop_name(finish)
    if refusal:
        stop = "refusal"
    out_calls = [{"id": c["id"] or "call_%d" % n, "name": c["name"],
                  "arguments": parse_args("".join(c["args"]))} for n, c in enumerate(calls) if c["name"]]
    return {
        "protocol": "openai",
        "text": "".join(text) + "".join(refusal),
        "reasoning": "".join(reasoning),
        "tool_calls": out_calls,
        "usage": u,
        "stop": stop,
        "error": error,
        "complete": done or finish is not None,
    }


def read_anthropic(raw):
    blocks = {}  # index -> dict(type, text, json, id, name, input)
    order = []
    counts = {"input_tokens": 0, "cache_read_input_tokens": 0, "cache_creation_input_tokens": 0,
              "output_tokens": 0}
    stop, error, stopped, started = None, None, False, False

    def take(u):
        for k in counts:
            v = u.get(k)
            if isinstance(v, int) and v > counts[k]:
                counts[k] = v  # cumulative counts; a repeated 0 never lowers one

    for event, data in sse_events(raw):
        try:
            ev = json.loads(data)
        except ValueError:
            error = error or {"message": "malformed event: " + data[:80]}
            continue
        kind = ev.get("type") or event
        if kind == "message_start":
            if started:  # a second message spliced in: the reply is the new one
                blocks, order, stop = {}, [], None
                counts = dict.fromkeys(counts, 0)
            started = True
            take((ev.get("message") or {}).get("usage") or {})
        elif kind == "content_block_start":
            b = dict(ev.get("content_block") or {})
            b.setdefault("text", "")
            b["_json"] = []
            b["_thinking"] = b.get("thinking", "") or ""
            blocks[ev.get("index", 0)] = b
            order.append(ev.get("index", 0))
        elif kind == "content_block_delta":
            b = blocks.get(ev.get("index", 0))
            d = ev.get("delta") or {}
            if b is None:
                continue
            if d.get("type") == "text_delta":
                b["text"] += d.get("text", "")
            elif d.get("type") == "input_json_delta":
                b["_json"].append(d.get("partial_json", ""))
            elif d.get("type") == "thinking_delta":
                b["_thinking"] += d.get("thinking", "")
        elif kind == "message_delta":
            take(ev.get("usage") or {})
            if (ev.get("delta") or {}).get("stop_reason"):
                stop = ev["delta"]["stop_reason"]
        elif kind == "message_stop":
            stopped = True
            break
        elif kind == "error":
            error = ev.get("error") or ev
    texts, reasoning, calls = [], [], []
    for i in order:
        b = blocks[i]
        if b.get("type") == "text" and b["text"]:
            texts.append(b["text"])
        elif b.get("type") == "thinking":
            reasoning.append(b["_thinking"])
        elif b.get("type") == "tool_use":
            raw_args = "".join(b["_json"])
            args = parse_args(raw_args) if raw_args else (b.get("input") or {})
            calls.append({"id": b.get("id") or "toolu_%d" % i, "name": b.get("name", ""),
                          "arguments": args})
    return {
        "protocol": "anthropic",
        "text": "\n\n".join(texts),
        "reasoning": "".join(reasoning),
        "tool_calls": calls,
        "usage": {"input": counts["input_tokens"] + counts["cache_read_input_tokens"]
                  + counts["cache_creation_input_tokens"],
                  "output": counts["output_tokens"], "cached": counts["cache_read_input_tokens"]},
        "stop": stop_name(stop),
        "error": error,
        "complete": stopped,
    }


def protocol_of(raw):
    for event, data in sse_events(raw):
        try:
            first = json.loads(data)
        except ValueError:
            continue
        if isinstance(first, dict) and (first.get("type") or event) in (
                "message_start", "ping", "error", "content_block_start"):
            return "anthropic"
        return "openai"
    return "openai"


def read(path, protocol=None):
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    protocol = protocol or protocol_of(raw)
    return read_openai(raw) if protocol == "openai" else read_anthropic(raw)


def main(argv):
    if len(argv) >= 2 and argv[0] == "--write":
        for root, _, files in os.walk(argv[1]):
            for name in sorted(files):
                if name.endswith(".sse"):
                    p = os.path.join(root, name)
                    with open(p[:-4] + ".expected.json", "w", encoding="utf-8") as f:
                        json.dump(read(p), f, indent=1, ensure_ascii=False, sort_keys=True)
                        f.write("\n")
        return 0
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    proto = argv[2] if len(argv) > 2 and argv[1] == "--protocol" else None
    print(json.dumps(read(argv[0], proto), indent=1, ensure_ascii=False, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
