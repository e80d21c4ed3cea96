import { isPageImage, PageFile, pageFileId } from '@strata/domain/documents/page-file';
import { NodeViewWrapper, type ReactNodeViewProps, ReactNodeViewRenderer } from '@tiptap/react';
import { useContext, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { FileChip } from '../cells/attachment-cells';
import { fetchFile } from '../cells/attachment-transfer';
import styles from './documents.module.css';
import { PageLinksContext } from './item-link-view';

/** The address of an attachment's bytes (the API's file route). */
const fileUrl = (teamId: number, id: string) => `/api/${teamId}/attachments/${id}/file`;

/** Images read in this tab, by address: a page shown again (or the same image twice) reads once. */
const images = new Map<string, Promise<string | null>>();

/**
 * The image at this address as an address of this tab (the file route needs the session's token,
 * which an `<img>` cannot send); null when the bytes are not an image the server shows in place.
 */
function readImage(url: string): Promise<string | null> {
  let read = images.get(url);
  if (!read) {
    read = fetchFile(url).then((blob) => (isPageImage(blob.type) ? URL.createObjectURL(blob) : null));
    // A failed read (offline) is tried again the next time the image is shown.
    read.catch(() => images.delete(url));
    images.set(url, read);
  }
  return read;
}

type Shown = { state: 'loading' } | { state: 'image'; src: string } | { state: 'file' } | { state: 'failed' };

/**
 * An image or a file in a page: an image shown in place with its name under it (read with the
 * session's token), any other file as the chip of attachment cells that opens or downloads it.
 * A file the reader cannot read (gone, another board's) says so under its name.
 */
function PageFileBlock({ node }: ReactNodeViewProps) {
  const { t } = useTranslation();
  const links = useContext(PageLinksContext);
  const id = pageFileId(node.attrs.id);
  const name = String(node.attrs.name ?? '');
  const type = String(node.attrs.type ?? '');
  const url = id && links ? fileUrl(links.teamId, id) : null;
  const asImage = url !== null && isPageImage(type);
  // What was read, for the address it was read for: another file in this node is read anew.
  const [read, setRead] = useState<{ url: string; shown: Shown } | null>(null);
  useEffect(() => {
    if (!url || !asImage) return;
    let isCurrent = true;
    const done = (shown: Shown) => isCurrent && setRead({ url, shown });
    readImage(url)
      .then((src) => done(src ? { state: 'image', src } : { state: 'file' }))
      .catch(() => done({ state: 'failed' }));
    return () => {
      isCurrent = false;
    };
  }, [url, asImage]);
  const shown: Shown = !asImage ? { state: 'file' } : read?.url === url ? read.shown : { state: 'loading' };
  return (
    <NodeViewWrapper as="figure" className={styles.file} data-drag-handle="">
      {shown.state === 'image' ? (
        <img className={styles.image} src={shown.src} alt={name} />
      ) : shown.state === 'loading' ? (
        <div className={styles.imageLoading} role="img" aria-label={name} aria-busy="true" />
      ) : id && url && shown.state === 'file' ? (
        <FileChip file={{ id, name, mime_type: type, url, size: Number(node.attrs.size) || undefined }} />
      ) : null}
      <figcaption dir="auto" className={styles.fileCaption}>
        {shown.state === 'image' || shown.state === 'loading' ? name : null}
        {shown.state === 'failed' || !id ? `${name} · ${t('views.documents.files.unavailable')}` : null}
      </figcaption>
    </NodeViewWrapper>
  );
}

/** Images and files as the editor shows them (PageFileBlock). */
export const PageFileView = PageFile.extend({
  addNodeView() {
    return ReactNodeViewRenderer(PageFileBlock);
  },
});
