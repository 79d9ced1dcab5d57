"""``pokerlab gui``: the equity lab in a browser, a local web server over the same commands as the command line.

- :mod:`.app`: the Starlette application (the page, the JSON API, the token, Host, Origin and size checks);
- :mod:`.commands`: a JSON body of parameters as the ``pokerlab`` arguments of a command;
- :mod:`.jobs` and :mod:`.worker`: each command run in a child process, with progress, Stop and a time limit;
- :mod:`.server`: uvicorn on 127.0.0.1, the address with its token, the browser opened.

It needs the ``gui`` extra (``pip install "pokerlab[gui]"``); nothing else in pokerlab imports it.
"""
