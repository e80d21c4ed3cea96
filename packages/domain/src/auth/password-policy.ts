export const MIN_PASSWORD_LENGTH = 8;
/** Beyond this, hashing cost is spent on nothing a user would type; also caps abuse. */
export const MAX_PASSWORD_LENGTH = 256;

export const PASSWORD_TOO_SHORT = `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
