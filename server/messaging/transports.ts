import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../log';
import type { OutgoingMessage, Transport } from './outbox';

/**
 * The default: the message stays in the outbox table (and /api/dev/outbox); the log says so by the
 * message's id, never its address, number or subject (PRODUCT.md §8).
 */
export function logTransport(logger: Logger): Transport {
  return {
    keepsText: true,
    send: async (message) => {
      logger.info({ kind: message.kind, outboxId: message.id }, 'message kept in the outbox');
    },
  };
}

/** SMS_WEBHOOK_URL: each SMS posted as JSON `{ to, text }`; any non-2xx answer is a failure to retry. */
export function webhookSmsTransport(url: string, timeoutMs = 10_000): Transport {
  return {
    send: async (message: OutgoingMessage) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

/** SMTP_URL: real e-mail through nodemailer (attachments as MIME parts); `mailer` for tests. */
export function smtpTransport(
  url: string,
  from: string,
  mailer: Pick<Transporter, 'sendMail'> = nodemailer.createTransport(url),
): Transport {
  return {
    send: async (message) => {
      await mailer.sendMail({
        from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.fileName,
                content: a.content,
                contentType: a.contentType,
              })),
            }
          : {}),
      });
    },
  };
}

export function transportsFor(config: Config, logger: Logger): Record<'mail' | 'sms', Transport> {
  return {
    mail: config.smtpUrl
      ? smtpTransport(config.smtpUrl, `Matchwerk <no-reply@${new URL(config.publicOrigin).hostname}>`)
      : logTransport(logger),
    sms: config.smsWebhookUrl ? webhookSmsTransport(config.smsWebhookUrl) : logTransport(logger),
  };
}
