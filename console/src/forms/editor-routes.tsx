import type { ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { useTranslation } from '../core/use-translation';

/** The records as a page reads them (`useLoad`): undefined while read, null when the read failed. */
type UseRecords<T> = () => { data: readonly T[] | null | undefined };

/** `<path>/<id>`: the record's editor, once the records are read (they come whole, not one by one). */
function Edit<T extends { id: number }>({
  useRecords,
  editor,
}: {
  useRecords: UseRecords<T>;
  editor: (record: T | null) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data } = useRecords();
  if (data === undefined) return <p className="loading">…</p>;
  const record = data?.find((r) => r.id === id);
  if (!record) return <p className="empty">{t('detail.notFound')}</p>;
  return editor(record);
}

/** A page of records that are created and edited: the list at its path, `new`, and `<id>`. */
export function EditorRoutes<T extends { id: number }>({
  list,
  useRecords,
  editor,
}: {
  list: ReactNode;
  useRecords: UseRecords<T>;
  /** The editor of a record, or of a new one (null). */
  editor: (record: T | null) => ReactNode;
}) {
  return (
    <Routes>
      <Route index element={list} />
      <Route path="new" element={editor(null)} />
      <Route path=":id" element={<Edit useRecords={useRecords} editor={editor} />} />
    </Routes>
  );
}
