import { Node } from '@tiptap/core';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** A member's id as mentions write it: the user's number. */
const USER_ID = /^[1-9][0-9]{0,9}$/;

/**
 * A mention of a member in a page (docs/documents.md, "Mentions"), as the server reads a page:
 * the same node and HTML as the web editor's mention extension (`@tiptap/extension-mention`,
 * configured in the web app with its suggestion list), `<span data-type="mention" data-id="…"
 * data-label="…">@label</span>`, the long text's mention shape the allow-list keeps.
 */
export const DocumentMention = Node.create({
  name: 'mention',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: false,
  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-id'),
        renderHTML: (attributes) => (USER_ID.test(text(attributes.id)) ? { 'data-id': attributes.id } : {}),
      },
      label: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-label') ?? '',
        renderHTML: (attributes) => ({ 'data-label': text(attributes.label) }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-type="mention"]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['span', { 'data-type': 'mention', ...HTMLAttributes }, `@${text(node.attrs.label)}`];
  },
  renderText({ node }) {
    return `@${text(node.attrs.label)}`;
  },
});
