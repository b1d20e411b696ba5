import { Route, Routes, useParams } from 'react-router-dom';
import { useTranslation } from '../../core/use-translation';
import '../../styles/reviews.css';
import { ProductEditor } from './product-editor';
import { ProductList } from './product-list';
import { useProducts } from './use-products';

/** `/earn/<id>`: the product's form, locked once it opened. */
function Edit() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data } = useProducts();
  if (data === undefined) return <p className="loading">…</p>;
  const product = data?.find((p) => p.id === id);
  if (!product) return <p className="empty">{t('detail.notFound')}</p>;
  return <ProductEditor product={product} />;
}

/** Earn products and the reserves that back them. */
export function Page() {
  return (
    <Routes>
      <Route index element={<ProductList />} />
      <Route path="new" element={<ProductEditor product={null} />} />
      <Route path=":id" element={<Edit />} />
    </Routes>
  );
}
