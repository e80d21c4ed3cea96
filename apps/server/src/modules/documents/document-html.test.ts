import { DOCUMENT_FRAGMENT } from '@strata/domain/documents/document-schema';
import { describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { documentSnapshot } from './document-html';

/** An element with children (elements, or text for a string). */
function element(name: string, ...children: (Y.XmlElement | string)[]): Y.XmlElement {
  const node = new Y.XmlElement(name);
  node.insert(
    0,
    children.map((child) => (typeof child === 'string' ? new Y.XmlText(child) : child)),
  );
  return node;
}

function snapshotOf(...nodes: Y.XmlElement[]) {
  const doc = new Y.Doc();
  doc.getXmlFragment(DOCUMENT_FRAGMENT).insert(0, nodes);
  return documentSnapshot(doc);
}

describe('a document snapshot', () => {
  test('a table keeps its header row and cells', () => {
    const cell = (name: string, text: string) => element(name, element('paragraph', text));
    const snapshot = snapshotOf(
      element(
        'table',
        element('tableRow', cell('tableHeader', 'Task'), cell('tableHeader', 'Owner')),
        element('tableRow', cell('tableCell', 'Ship'), cell('tableCell', 'Ada')),
      ),
    );
    expect(snapshot.html).toBe(
      '<table><tbody><tr><th><p>Task</p></th><th><p>Owner</p></th></tr><tr><td><p>Ship</p></td><td><p>Ada</p></td></tr></tbody></table>',
    );
    // Nothing of the editor's own styling survives the sanitiser.
    expect(snapshot.html).not.toContain('style=');
    expect(snapshot.text).toBe('Task Owner Ship Ada');
  });

  test('a node the schema does not know reads as an empty document, not a failed save', () => {
    expect(snapshotOf(element('script', 'alert(1)'))).toEqual({ html: '', text: '' });
  });
});
