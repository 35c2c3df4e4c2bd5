// The login page inside the portal app (used by the dev server; production builds serve the
// stand-alone bundle through the gate in index.html).
import { useNavigate } from 'react-router-dom';
import { LoginPage } from './LoginPage';
import './login.css';

export default function LoginRoute() {
  const navigate = useNavigate();
  return <LoginPage onDone={(redirect) => navigate(redirect, { replace: true })} />;
}
