import { createHash } from 'node:crypto';
import type { FormChallenge } from '@strata/contracts/forms';
import { AppError } from '@strata/domain/errors';
import { isNonceText, leadingZeroBits } from '@strata/domain/forms/form-challenge';
import type { AppContext } from '../../context';
import { hashToken, randomToken } from '../../lib/tokens';
import { isLinkSigned, signLink } from '../notifications/link-signing';

/** A challenge is answered within this time of being handed out. */
export const CHALLENGE_TTL_MS = 30 * 60_000;
const PURPOSE = 'form-challenge';

/**
 * A new proof-of-work challenge for one form (domain forms/form-challenge.ts): the form, when it
 * was made, a random part, and their signature, so the server keeps nothing until it is spent.
 */
export async function issueChallenge(ctx: AppContext, formId: string): Promise<FormChallenge> {
  const issued = ctx.clock.now().getTime();
  const nonce = randomToken(12);
  const signature = await signLink(ctx, PURPOSE, [formId, issued, nonce]);
  return { token: `${issued}.${nonce}.${signature}`, difficulty: ctx.config.formChallengeBits };
}

/**
 * The domain's isChallengeSolved, hashed here with node:crypto at once (WebCrypto's digest is a
 * round trip through the thread pool, on the path of every answer).
 */
function isSolved(token: string, nonce: string, difficulty: number): boolean {
  if (!isNonceText(nonce)) return false;
  return leadingZeroBits(createHash('sha256').update(`${token}:${nonce}`).digest()) >= difficulty;
}

/**
 * Checks a solved challenge for `formId` and answers the hash it is spent under (form_answers'
 * unique challenge_hash: a second answer with it is refused there). Refused, the answer is
 * CHALLENGE_FAILED: a token of another form, too old, altered, or not solved.
 */
export async function checkChallenge(
  ctx: AppContext,
  formId: string,
  challenge: { token: string; nonce: string },
): Promise<string> {
  const [issuedText, random, signature] = challenge.token.split('.');
  const issued = Number(issuedText);
  const age = ctx.clock.now().getTime() - issued;
  const valid =
    random !== undefined &&
    signature !== undefined &&
    Number.isSafeInteger(issued) &&
    age >= 0 &&
    age <= CHALLENGE_TTL_MS &&
    (await isLinkSigned(ctx, PURPOSE, [formId, issued, random], signature)) &&
    isSolved(challenge.token, challenge.nonce, ctx.config.formChallengeBits);
  if (!valid) throw new AppError('CHALLENGE_FAILED');
  return hashToken(challenge.token);
}
