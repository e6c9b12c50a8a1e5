// gradle-build-speedup: machine-wide build cache configuration.
// Installed to ~/.gradle/init.d/. Local cache retention always; remote cache only when the
// user has configured GRADLE_REMOTE_CACHE_URL for their organisation's cache.

import org.gradle.caching.http.HttpBuildCache

val remoteCacheUrl: String? = System.getenv("GRADLE_REMOTE_CACHE_URL")?.takeIf { it.isNotBlank() }
val isCi: Boolean = System.getenv("CI")?.equals("true", ignoreCase = true) == true

settingsEvaluated {
    buildCache {
        local {
            isEnabled = true
            removeUnusedEntriesAfterDays = 14
        }
        if (remoteCacheUrl != null) {
            remote<HttpBuildCache> {
                url = uri(remoteCacheUrl)
                require(url.scheme == "https") { "GRADLE_REMOTE_CACHE_URL must use https" }
                isPush = isCi
                val user = System.getenv("GRADLE_CACHE_USERNAME")
                val pass = System.getenv("GRADLE_CACHE_PASSWORD")
                if (user != null && pass != null) {
                    credentials {
                        username = user
                        password = pass
                    }
                }
            }
        }
    }
}
