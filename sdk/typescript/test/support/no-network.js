// Imported first by every unit test: makes opening a socket impossible, so a
// unit test that forgets to inject fetch fails loudly instead of reaching a
// server. `blocked` counts what was refused, for tests that assert on it.
import net from "node:net";
import tls from "node:tls";

export const blocked = { fetch: 0, socket: 0 };

export class NetworkForbidden extends Error {}

globalThis.fetch = async () => {
  blocked.fetch++;
  throw new NetworkForbidden("unit tests may not use the network: inject `fetch`");
};

const refuse = function () {
  blocked.socket++;
  throw new NetworkForbidden("unit tests may not open sockets");
};
net.Socket.prototype.connect = refuse;
net.connect = refuse;
net.createConnection = refuse;
tls.connect = refuse;
