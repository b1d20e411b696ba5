import { EditorRoutes } from '../../forms/editor-routes';
import '../../styles/reviews.css';
import { ProjectEditor } from './project-editor';
import { ProjectList } from './project-list';
import { useProjects } from './use-projects';

/** The IEO projects: list, new, edit; a project's form is locked once it opened. */
export function Page() {
  return (
    <EditorRoutes
      list={<ProjectList />}
      useRecords={useProjects}
      editor={(project) => <ProjectEditor project={project} />}
    />
  );
}
