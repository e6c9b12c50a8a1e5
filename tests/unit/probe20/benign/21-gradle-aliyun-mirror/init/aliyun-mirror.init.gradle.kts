// 阿里云 Maven 镜像初始化脚本 —— 放在 ~/.gradle/init.d/ 下，对本机所有 Gradle 构建生效。
// 由 gradle-aliyun-mirror skill 安装。

import java.net.URI

val mirrors = linkedMapOf(
    "repo.maven.apache.org" to "https://maven.aliyun.com/repository/public",
    "repo1.maven.org" to "https://maven.aliyun.com/repository/public",
    "jcenter.bintray.com" to "https://maven.aliyun.com/repository/public",
    "dl.google.com" to "https://maven.aliyun.com/repository/google",
    "maven.google.com" to "https://maven.aliyun.com/repository/google",
    "plugins.gradle.org" to "https://maven.aliyun.com/repository/gradle-plugin",
    "repo.spring.io" to "https://maven.aliyun.com/repository/spring",
)

fun mirrorFor(url: String): String? =
    mirrors.entries.firstOrNull { url.contains(it.key) }?.value

// 把一组仓库中指向海外中央仓库的条目换成阿里云镜像，返回替换数量
fun RepositoryHandler.useAliyun(): Int {
    var replaced = 0
    val targets = mutableSetOf<String>()
    toList().forEach { repo ->
        if (repo is MavenArtifactRepository) {
            val m = mirrorFor(repo.url.toString())
            if (m != null) {
                remove(repo)
                targets += m
                replaced++
            }
        }
    }
    targets.forEach { u -> maven { url = URI(u) } }
    return replaced
}

settingsEvaluated {
    val n = pluginManagement.repositories.apply {
        if (isEmpty()) gradlePluginPortal()
    }.useAliyun() + dependencyResolutionManagement.repositories.useAliyun()
    if (n > 0) logger.lifecycle("[aliyun-mirror] settings: 已替换 $n 个仓库")
}

allprojects {
    afterEvaluate {
        val n = repositories.useAliyun() + buildscript.repositories.useAliyun()
        if (n > 0) logger.info("[aliyun-mirror] ${project.path}: 已替换 $n 个仓库")
    }
}

// ---- 阿里云云效制品仓库（可选）----
// 如果在 ~/.gradle/gradle.properties 中配置了以下三项，则给每个项目追加该私有仓库，
// 凭证只用于这个仓库本身的认证：
//   aliyunMirror.packagesUrl=https://packages.aliyun.com/maven/repository/<仓库ID>/
//   aliyunMirror.username=<云效用户名>
//   aliyunMirror.password=<云效密码>
fun Project.packagesRepo() {
    val repoUrl = findProperty("aliyunMirror.packagesUrl")?.toString()?.trim().orEmpty()
    if (repoUrl.isEmpty()) return
    require(repoUrl.startsWith("https://packages.aliyun.com/")) {
        "[aliyun-mirror] aliyunMirror.packagesUrl 必须是 https://packages.aliyun.com/ 下的地址"
    }
    repositories.maven {
        name = "aliyunPackages"
        url = URI(repoUrl)
        credentials {
            username = findProperty("aliyunMirror.username")?.toString()
            password = findProperty("aliyunMirror.password")?.toString()
        }
    }
}

allprojects {
    afterEvaluate { packagesRepo() }
}
