import { Route, Routes, useParams } from 'react-router-dom';
import type { IeoProject } from '../../../../domain/ieo-types';
import { useTranslation } from '../../core/use-translation';
import '../../styles/reviews.css';
import { ProjectEditor } from './project-editor';
import { ProjectList } from './project-list';
import { useProjects } from './use-projects';

/** `/ieo/<id>`: the project's form, locked once it opened. */
function Edit() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data } = useProjects();
  if (data === undefined) return <p className="loading">…</p>;
  const project = data?.find((p: IeoProject) => p.id === id);
  if (!project) return <p className="empty">{t('detail.notFound')}</p>;
  return <ProjectEditor project={project} />;
}

/** The IEO projects: list, new, edit. */
export function Page() {
  return (
    <Routes>
      <Route index element={<ProjectList />} />
      <Route path="new" element={<ProjectEditor project={null} />} />
      <Route path=":id" element={<Edit />} />
    </Routes>
  );
}
