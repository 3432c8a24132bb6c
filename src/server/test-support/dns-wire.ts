// Raw DNS messages for tests that need more than dig (floods, pipelines, exact bytes): a query
// message and one UDP exchange with the server on 127.0.0.1.
import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';

export function queryPacket(id: number, name: string, type: dnsPacket.RecordType = 'A'): Buffer {
  return dnsPacket.encode({ type: 'query', id, questions: [{ name, type, class: 'IN' }] });
}

/** One UDP exchange: the answer with the query's id; rejects after `ms` without one. */
export function udpAsk(port: number, msg: Buffer, ms = 3000): Promise<Buffer> {
  const sock = dgram.createSocket('udp4');
  return new Promise<Buffer>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no UDP answer')), ms);
    sock.on('message', (m) => {
      if (m.length >= 2 && m.readUInt16BE(0) !== msg.readUInt16BE(0)) return;
      clearTimeout(timer);
      resolve(m);
    });
    sock.send(msg, port, '127.0.0.1');
  }).finally(() => sock.close());
}
