"""Renders batches of templates with Jinja2's SandboxedEnvironment, the reference the engine must match.

Protocol (one JSON document per line, both ways):
  stdout, once at start: {"ready": true, "jinja2": "3.1.2"} or {"ready": false, "error": "..."}
  stdin:  [{"id": ..., "template": "...", "data": {...}}, ...]
  stdout: [{"id": ..., "ok": true, "output": "..."} | {"id": ..., "ok": false, "errorType": "...", "message": "..."}]
The process lives until stdin closes, so one test file pays Python's start-up once.

`--filters PATH` adds the filters of the Python module at PATH (its FILTERS dict) to the environment: the
benchmarks use it to render the service's own filters, which Jinja2 does not have.
"""

import importlib.util
import json
import resource
import signal
import sys

# Each case gets this much wall time; a template that runs longer is reported as an error instead of
# stalling the whole suite.
CASE_SECONDS = 5
# Keeps a runaway template (say `'a' * 10**10`) from taking the machine down with it.
MEMORY_BYTES = 1536 * 1024 * 1024


class CaseTimeout(Exception):
    pass


def on_alarm(_signum, _frame):
    raise CaseTimeout(f"the case ran longer than {CASE_SECONDS} s")


def reply(document):
    sys.stdout.write(json.dumps(document) + "\n")
    sys.stdout.flush()


def render_case(env, case):
    from jinja2 import TemplateSyntaxError

    result = {"id": case.get("id")}
    signal.setitimer(signal.ITIMER_REAL, CASE_SECONDS)
    try:
        template = env.from_string(case["template"])
        result["output"] = template.render(case.get("data") or {})
        result["ok"] = True
    except TemplateSyntaxError as error:
        # TemplateAssertionError (an unknown filter or test) is a subclass: keep its own name.
        result.update(ok=False, errorType=type(error).__name__, message=error.message or "", line=error.lineno)
    except (Exception, RecursionError) as error:  # noqa: BLE001 - every failure is a result to compare
        result.update(ok=False, errorType=type(error).__name__, message=str(error))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return result


def extra_filters(argv):
    """The FILTERS of the module named by `--filters PATH`, or none."""
    if "--filters" not in argv:
        return {}
    path = argv[argv.index("--filters") + 1]
    spec = importlib.util.spec_from_file_location("extra_filters", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.FILTERS


def main():
    try:
        import jinja2
        from jinja2.sandbox import SandboxedEnvironment
    except ImportError as error:
        reply({"ready": False, "error": f"cannot import jinja2 ({error}): apt-get install python3-jinja2"})
        return 1

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    signal.signal(signal.SIGALRM, on_alarm)
    # The dialect has `{% break %}` and `{% continue %}` (spec section 1), which Jinja2 keeps in the
    # loopcontrols extension; everything else is SandboxedEnvironment's defaults (autoescape off).
    # One environment serves every case: from_string keeps no state between renders.
    env = SandboxedEnvironment(extensions=["jinja2.ext.loopcontrols"])
    try:
        env.filters.update(extra_filters(sys.argv))
    except Exception as error:  # noqa: BLE001 - reported to the caller, which names the module
        reply({"ready": False, "error": f"cannot load --filters: {type(error).__name__}: {error}"})
        return 1
    reply({"ready": True, "jinja2": jinja2.__version__})

    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            batch = json.loads(line)
        except ValueError as error:
            reply({"error": f"bad batch: {error}"})
            continue
        reply([render_case(env, case) for case in batch])
    return 0


if __name__ == "__main__":
    sys.exit(main())
