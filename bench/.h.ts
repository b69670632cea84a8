import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const url = process.argv[2]!;
const conc = Number(process.argv[3] ?? 64);
const secs = 6;
function get(): Promise<number> {
  return new Promise((res, rej) => {
    const t = performance.now();
    http
      .get(
        url,
        {
          agent,
          headers: {
            "accept-encoding": "gzip",
            "x-forwarded-for": `10.0.${Math.floor(Math.random() * 250)}.1`,
          },
        },
        (r) => {
          r.on("data", () => {});
          r.on("end", () => res(performance.now() - t));
        },
      )
      .on("error", rej);
  });
}
const lat: number[] = [];
const end = Date.now() + secs * 1000;
const cpu0 = process.cpuUsage();
await Promise.all(
  Array.from({ length: conc }, async () => {
    while (Date.now() < end) lat.push(await get());
  }),
);
lat.sort((a, b) => a - b);
const c = process.cpuUsage(cpu0);
console.log(
  url.replace(/.*api/, "api"),
  "req/s",
  (lat.length / secs).toFixed(0),
  "p50",
  lat[Math.floor(lat.length * 0.5)]!.toFixed(1),
  "p99",
  lat[Math.floor(lat.length * 0.99)]!.toFixed(1),
  "gen cpu%",
  ((c.user + c.system) / 1e4 / secs).toFixed(0),
);
process.exit(0);
