// The physical-limit baseline: a Node process that imports nothing but node:http and answers every
// request with 200 and a small JSON body. Starting it and answering is the floor for "start and answer".
import http from "node:http";

const body = JSON.stringify({ status: "ok", user: { id: "00000000-0000-0000-0000-000000000000", email: "admin@demo.hearth.test" } });
const server = http.createServer((request, response) => {
  request.resume();
  response.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), process.env.HOST || "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
