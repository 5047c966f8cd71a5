# gunicorn reads this from the directory it starts in (the README's commands do).
# Its access log, when one is asked for (--access-logfile), never holds an invite's or a
# watcher's token (companion/logs.py).
logger_class = "companion.logs.GunicornLogger"


def post_worker_init(worker):
    # the app is loaded in this worker: see companion/serving.py, `settle`
    from companion.serving import settle

    settle()
