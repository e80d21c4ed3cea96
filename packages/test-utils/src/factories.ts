import { randomUUID } from 'node:crypto';

let counter = 0;

/** A unique, valid address per call, so tests never collide on the unique email index. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomUUID().slice(0, 8)}@example.test`;
}

export interface RegistrationInput {
  email: string;
  name: string;
  password: string;
  locale?: string;
}

export function buildRegistration(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  return { email: uniqueEmail(), name: 'Ada Lovelace', password: 'correct horse battery', ...overrides };
}
