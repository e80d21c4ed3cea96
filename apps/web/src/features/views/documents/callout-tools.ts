import { Info, Palette } from 'lucide-react';
import type { Tool } from '../cells/rich-text-toolbar';

const inCallout = (editor: Parameters<Tool['isActive']>[0]) => editor.isActive('callout');

/**
 * A document's callout tools (docs/documents.md): set the selected blocks apart in a callout, or
 * take them out of it; inside one, give it the next tone (information, success, warning, danger).
 */
export const CALLOUT_TOOLS: readonly Tool[] = [
  {
    key: 'callout',
    icon: Info,
    isActive: inCallout,
    run: (editor) => editor.chain().focus().toggleCallout().run(),
  },
  {
    key: 'calloutTone',
    icon: Palette,
    isActive: () => false,
    isAvailable: inCallout,
    run: (editor) => editor.chain().focus().nextCalloutTone().run(),
  },
];
