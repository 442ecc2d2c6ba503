interface ImportMetaEnv {
  /** This build's id (build/build-id.ts): the package version and a hash of the sources. */
  readonly BUILD_ID: string;
}
