// Until the API server lands, say so plainly and fail, rather than start nothing in silence.
process.stderr.write(
  'The Dispatch server is not built yet: this checkout holds the shared domain package only.\n' +
    'Run `npm test` to check it. The server, database and dispatcher come next.\n',
);
process.exit(1);
