interface ImportMetaEnv {
  /** This build's id (build/build-id.ts): the package version and a hash of the sources. */
  readonly BUILD_ID: string;
  /**
   * Whether this build carries the mock backend (build/mock-backend.ts): true in development, tests and
   * `npm run build:preview`; false in a production build, whose dist/ holds no mock code at all.
   */
  readonly MOCK_BACKEND: boolean;
}
