// The ceiling: the least a Node HTTP server can do per request on this machine, in its own
// process like the app, answering a body about the size of the app's smallest answer.
import http from 'node:http';

const body = JSON.stringify({ hello: 'world', version: 1 });
const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
