// Binds the DNS port: UDP and TCP on the same port number (with port 0, one the two share).
import dgram from 'node:dgram';
import dns from 'node:dns';
import net from 'node:net';

export interface Listening {
  udp: dgram.Socket;
  tcp: net.Server;
  port: number;
}

export async function listenDns(
  host: string,
  port: number,
  onDatagram: (udp: dgram.Socket, msg: Buffer, rinfo: dgram.RemoteInfo) => void,
  onConnection: (socket: net.Socket) => void,
): Promise<Listening> {
  for (let attempt = 0; ; attempt++) {
    const type = host.includes(':') ? 'udp6' : 'udp4';
    // Answers go back to the sender's address, always an IP literal: skip the DNS lookup that
    // dgram would otherwise do (on the next tick) for every datagram sent.
    const udp = dgram.createSocket({
      type,
      lookup: (address, options, callback) => {
        const family = net.isIP(address);
        if (family) (callback as (e: null, a: string, f: number) => void)(null, address, family);
        else dns.lookup(address, options, callback);
      },
    });
    udp.on('message', (msg, rinfo) => onDatagram(udp, msg, rinfo));
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(port, host, () => resolve());
    });
    const bound = udp.address().port;
    try {
      const tcp = await listenTcp(host, bound, onConnection);
      return { udp, tcp, port: bound };
    } catch (err) {
      udp.close();
      // With port 0 the TCP side may find the UDP port taken: try another.
      if (port !== 0 || attempt >= 5) throw err;
    }
  }
}

function listenTcp(
  host: string,
  port: number,
  onConnection: (socket: net.Socket) => void,
): Promise<net.Server> {
  // Half-open: a client may send its query and close its side at once; the answer (a transfer
  // that waits on the database) still goes out, then tcp.ts ends ours.
  const server = net.createServer({ allowHalfOpen: true }, onConnection);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
