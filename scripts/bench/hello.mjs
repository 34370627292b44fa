// The machine's limit for the benchmark: the smallest useful HTTP server Node has.
import http from "node:http";

http
  .createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/plain" });
    response.end("Hello World");
  })
  .listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
