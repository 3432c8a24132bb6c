// The floor of Node itself for bench:dns: a bare UDP responder that only sets the QR bit of
// each datagram and sends it back. Whatever a DNS server written in Node does costs more than
// this; bench:dns compares our CPU per query with this one's under the same load.
import dgram from 'node:dgram';
import net from 'node:net';

const socket = dgram.createSocket({
  type: 'udp4',
  // As our server does: answers go to IP literals, no lookup per send.
  lookup: (address, options, callback) => callback(null, address, net.isIP(address)),
});
socket.on('message', (msg, rinfo) => {
  msg[2] |= 0x80;
  socket.send(msg, rinfo.port, rinfo.address);
});
socket.bind(0, '127.0.0.1', () => {
  process.stdout.write(`DNS: 127.0.0.1 port ${socket.address().port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
