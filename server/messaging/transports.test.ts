import nodemailer, { type SendMailOptions } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { smtpTransport } from './transports';

describe('the SMTP transport', () => {
  it('sends a mail with its attachments as MIME parts, in their order', async () => {
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const built: Buffer[] = [];
    const transport = smtpTransport('smtp://unused.example', 'Matchwerk <no-reply@matchwerk.example>', {
      sendMail: async (options: SendMailOptions) => {
        const info = await stream.sendMail(options);
        built.push(info.message as Buffer);
        return info;
      },
    } as never);
    await transport.send({
      id: 'm1',
      kind: 'mail',
      userId: null,
      to: 'jana@rheinwerk.example',
      subject: '2 Kandidatinnen und Kandidaten',
      text: 'Guten Tag',
      attachments: [
        { fileName: 'MW-ABC123.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.3 a') },
        { fileName: 'MW-XYZ789.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.3 b') },
      ],
    });
    const mime = built[0]!.toString();
    expect(mime).toContain('multipart/mixed');
    const first = mime.indexOf('filename=MW-ABC123.pdf');
    const second = mime.indexOf('filename=MW-XYZ789.pdf');
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(mime.match(/Content-Type: application\/pdf/g)).toHaveLength(2);
  });
});
