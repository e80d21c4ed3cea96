import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { type CSSProperties, type KeyboardEvent, type PointerEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { Command } from '../../lib/commands/command';
import { ariaKeyShortcuts, isApplePlatform, shortcutText } from '../../lib/commands/shortcuts';
import { useRegisterCommands } from '../../lib/commands/use-commands';
import { clampSize, useLayoutFlag, useLayoutSize } from '../../lib/layout-prefs';
import { Tooltip } from '../../ui/tooltip';
import styles from './folder-panel.module.css';
import { FolderTree } from './folder-tree';

/** The folder panel's width in pixels: wide enough for a short name, never most of a laptop screen. */
export const FOLDER_PANEL_WIDTH = { fallback: 260, min: 180, max: 480 } as const;
/** Shows or hides the panel, while typing too (no field uses it). */
const FOLDER_PANEL_SHORTCUT = 'Mod+Shift+\\';
/** One arrow key press on the separator; with Shift, four. */
const KEY_STEP = 16;

/**
 * The board's folder tree in a panel the person may collapse (its button or Ctrl/Cmd+Shift+\, the
 * `layout.folderPanel` command) and,
 * on a screen wide enough to show it beside the folder, resize by dragging its inline-end edge or
 * with the arrow keys on that edge; both remembered on the device (docs/layout.md).
 */
export function FolderPanel() {
  const { t } = useTranslation();
  const [isCollapsed, setCollapsed] = useLayoutFlag('foldersCollapsed');
  const [width, setWidth] = useLayoutSize('foldersWidth', FOLDER_PANEL_WIDTH);
  const [dragWidth, setDragWidth] = useState<number | null>(null);

  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'layout.folderPanel',
        label: 'palette.commands.toggleFolderPanel',
        group: 'layout',
        shortcut: FOLDER_PANEL_SHORTCUT,
        isGlobal: true,
        perform: () => setCollapsed(!isCollapsed),
      },
    ],
    [isCollapsed, setCollapsed],
  );
  useRegisterCommands(commands);
  const isApple = isApplePlatform();

  const label = isCollapsed ? t('views.folderPanel.show') : t('views.folderPanel.hide');
  const toggle = (
    <Tooltip
      content={
        <>
          {label}{' '}
          <kbd className={styles.kbd} dir="ltr">
            {shortcutText(FOLDER_PANEL_SHORTCUT, isApple)}
          </kbd>
        </>
      }
    >
      <button
        type="button"
        className={styles.toggle}
        aria-label={label}
        aria-expanded={!isCollapsed}
        aria-controls="folder-panel"
        aria-keyshortcuts={ariaKeyShortcuts(FOLDER_PANEL_SHORTCUT, isApple)}
        onClick={() => setCollapsed(!isCollapsed)}
      >
        {isCollapsed ? (
          <PanelLeftOpen size={16} className="flip-in-rtl" aria-hidden="true" />
        ) : (
          <PanelLeftClose size={16} className="flip-in-rtl" aria-hidden="true" />
        )}
      </button>
    </Tooltip>
  );

  return (
    <div
      id="folder-panel"
      className={`${styles.panel} ${isCollapsed ? styles.collapsed : ''}`}
      style={{ '--folder-panel-width': `${dragWidth ?? width}px` } as CSSProperties}
    >
      {isCollapsed ? <div className={styles.rail}>{toggle}</div> : <FolderTree headerAction={toggle} />}
      {!isCollapsed && (
        <ResizeHandle
          width={dragWidth ?? width}
          label={t('views.folderPanel.resize')}
          onDrag={setDragWidth}
          onDone={(next) => {
            setWidth(next);
            setDragWidth(null);
          }}
        />
      )}
    </div>
  );
}

/**
 * The panel's inline-end edge as a separator (WAI-ARIA window splitter): dragged with a pointer,
 * or focused and moved with the arrow keys, Home and End. In right-to-left text the edge is on the
 * left, so a move to the left widens the panel there.
 */
function ResizeHandle({
  width,
  label,
  onDrag,
  onDone,
}: {
  width: number;
  label: string;
  onDrag(width: number): void;
  onDone(width: number): void;
}) {
  const drag = useRef<{ startX: number; startWidth: number; sign: number } | null>(null);
  const { min, max } = FOLDER_PANEL_WIDTH;
  const signOf = (element: Element) => (getComputedStyle(element).direction === 'rtl' ? -1 : 1);

  const widthAt = (clientX: number) => {
    const current = drag.current!;
    return clampSize(current.startWidth + (clientX - current.startX) * current.sign, min, max);
  };
  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width, sign: signOf(event.currentTarget) };
  };
  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) onDrag(widthAt(event.clientX));
  };
  const handlePointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    onDone(widthAt(event.clientX));
    drag.current = null;
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = (event.shiftKey ? 4 : 1) * KEY_STEP;
    const grow = signOf(event.currentTarget);
    const next: Record<string, number> = {
      ArrowRight: width + step * grow,
      ArrowLeft: width - step * grow,
      Home: min,
      End: max,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    onDone(clampSize(next[event.key]!, min, max));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable window splitter has no HTML element; <hr> cannot take focus or a value
    <div
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label={label}
      aria-controls="folder-panel"
      aria-valuenow={width}
      aria-valuemin={min}
      aria-valuemax={max}
      className={styles.handle}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerUp}
      onKeyDown={handleKeyDown}
    />
  );
}
