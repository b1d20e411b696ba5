import { Route, Routes } from 'react-router-dom';
import { UserDetail } from './user-detail';
import { UserSearch } from './user-search';
import './users.css';

/** The search at `/users`, one user at `/users/:id`. */
export function Page() {
  return (
    <Routes>
      <Route index element={<UserSearch />} />
      <Route path=":id" element={<UserDetail />} />
    </Routes>
  );
}
