import { TextField } from './fields';

interface Props {
  username: string;
  password: string;
  onUsername: (value: string) => void;
  onPassword: (value: string) => void;
}

/** Username (or e-mail) and password, as signing in asks for them: on the login page and on an invitation. */
export function SignInFields({ username, password, onUsername, onPassword }: Props) {
  return (
    <>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        value={username}
        onChange={(e) => onUsername(e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
    </>
  );
}
