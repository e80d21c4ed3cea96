/** A clock tests move by hand: expiry rules are tested without waiting. */
export class FakeClock {
  private current: number;

  constructor(start: Date | string = '2026-06-01T09:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(date: Date | string): void {
    this.current = new Date(date).getTime();
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
