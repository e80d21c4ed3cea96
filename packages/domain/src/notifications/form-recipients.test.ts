import { describe, expect, test } from 'vitest';
import { formSubmittedRecipients } from './form-recipients';

describe('who is told of a form’s answer', () => {
  const everyone = () => true;
  test.each<[string, Parameters<typeof formSubmittedRecipients>[0], number[]]>([
    [
      'an anonymous answer: the owner',
      { ownerId: 1, notifyUserIds: [], actorId: null, canSee: everyone },
      [1],
    ],
    [
      'the owner, then the people named',
      { ownerId: 1, notifyUserIds: [3, 2], actorId: null, canSee: everyone },
      [1, 3, 2],
    ],
    ['each once', { ownerId: 1, notifyUserIds: [2, 1, 2], actorId: null, canSee: everyone }, [1, 2]],
    ['not who answered', { ownerId: 1, notifyUserIds: [2], actorId: 2, canSee: everyone }, [1]],
    [
      'not the owner when they answered',
      { ownerId: 1, notifyUserIds: [2], actorId: 1, canSee: everyone },
      [2],
    ],
    [
      'only who sees the item',
      { ownerId: 1, notifyUserIds: [2, 3], actorId: null, canSee: (id) => id !== 3 },
      [1, 2],
    ],
    [
      'a form without an owner: the people named',
      { ownerId: null, notifyUserIds: [2], actorId: null, canSee: everyone },
      [2],
    ],
  ])('%s', (_, options, expected) => {
    expect(formSubmittedRecipients(options)).toEqual(expected);
  });
});
