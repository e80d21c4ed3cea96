/** Label ids (labels are UUIDs). */
export const LABEL = {
  todo: '00000000-0000-4000-8000-000000000001',
  done: '00000000-0000-4000-8000-000000000002',
  stuck: '00000000-0000-4000-8000-000000000003',
  red: '00000000-0000-4000-8000-000000000004',
  blue: '00000000-0000-4000-8000-000000000005',
} as const;

import type { AttributeDefinition } from '../attributes/type-registry';
import type { RecipeBoard } from './recipe-check';

/** A board of every kind of attribute the automation tests name. */
export const STATUS: AttributeDefinition = {
  id: 'status',
  name: 'Status',
  type: 'label',
  settings: {
    labels: [
      { id: LABEL.todo, name: 'To do' },
      { id: LABEL.done, name: 'Done' },
      { id: LABEL.stuck, name: 'Stuck' },
    ],
  },
};
export const TAGS: AttributeDefinition = {
  id: 'tags',
  name: 'Tags',
  type: 'label',
  settings: {
    multiple: true,
    labels: [
      { id: LABEL.red, name: 'Red' },
      { id: LABEL.blue, name: 'Blue' },
    ],
  },
};
export const DONE: AttributeDefinition = { id: 'ok', name: 'Checked', type: 'checkbox' };
export const STEPS: AttributeDefinition = { id: 'steps', name: 'Steps', type: 'checklist' };
export const DUE: AttributeDefinition = { id: 'due', name: 'Due', type: 'date' };
export const OWNER: AttributeDefinition = { id: 'owner', name: 'Owner', type: 'members' };
export const ESTIMATE: AttributeDefinition = { id: 'estimate', name: 'Estimate', type: 'number' };
export const TITLE: AttributeDefinition = { id: 'title', name: 'Title', type: 'text' };
export const CREATED: AttributeDefinition = { id: 'created', name: 'Created', type: 'created_at' };
export const BUTTON: AttributeDefinition = { id: 'button', name: 'Go', type: 'button' };

export const BOARD: RecipeBoard = {
  attributes: [STATUS, TAGS, DONE, STEPS, DUE, OWNER, ESTIMATE, TITLE, CREATED, BUTTON],
  folderIds: ['f1', 'f2'],
  formIds: ['form1'],
  hookIds: ['hook1'],
};
