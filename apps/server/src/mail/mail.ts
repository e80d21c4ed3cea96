import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema/platform';
import type { JobQueue } from '../jobs/queue';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (List-Unsubscribe of notification mail). */
  headers?: Record<string, string>;
}

export const MAIL_JOB = 'mail.send';

/** Where mail goes: SMTP when SMTP_URL is set, else the development outbox table. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailTransport(config: AppConfig, db: Db): MailTransport {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
      close: () => transport.close(),
    };
  }
  return {
    async send({ to, subject, text, html }) {
      await db.insert(mailOutbox).values({ id: randomUUID(), to, subject, text, html });
    },
    close() {},
  };
}

/** Mail is sent by a job enqueued in the caller's transaction: an SMTP failure retries, nothing is lost. */
export function queueMail(jobs: JobQueue, tx: DbOrTx, mail: OutgoingMail): Promise<void> {
  return jobs.enqueue(tx, MAIL_JOB, mail);
}
