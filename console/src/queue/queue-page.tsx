import { Route, Routes } from 'react-router-dom';
import { QueueDetail } from './queue-detail';
import { QueueList } from './queue-list';
import type { QueueItem, QueueSpec } from './spec';

/** A review queue's routes: the list at its path, an item at `<path>/<id>`. */
export function QueuePage<T extends QueueItem>({ spec }: { spec: QueueSpec<T> }) {
  return (
    <Routes>
      <Route index element={<QueueList spec={spec} />} />
      <Route path=":id" element={<QueueDetail spec={spec} />} />
    </Routes>
  );
}
