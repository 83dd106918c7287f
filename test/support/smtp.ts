import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

/**
 * A real SMTP server in the test process (the smtp-server package). It keeps every message it
 * accepts; `refuse` makes it answer 451 to the data of the next messages; `stop` and `start`
 * take it down and bring it back on the same port.
 */
export class TestSmtpServer {
  readonly received: ParsedMail[] = [];
  refuse = false;
  private server: SMTPServer | undefined;
  private port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.refuse) {
            const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
            return callback(error);
          }
          simpleParser(Buffer.concat(chunks))
            .then((parsed) => {
              this.received.push(parsed);
              callback();
            })
            .catch(callback);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The absolute links of a received message's text part. */
export function linksIn(mail: ParsedMail): string[] {
  return [...(mail.text ?? '').matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
}
